// Styles of the Mantine components and the data table used by the review page (loaded with it only).
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/VisuallyHidden.css';
import 'mantine-datatable/styles.css';
