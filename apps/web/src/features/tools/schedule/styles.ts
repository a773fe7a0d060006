// Styles of the extra Mantine components of the Schedule I tools (loaded with these pages only).
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
