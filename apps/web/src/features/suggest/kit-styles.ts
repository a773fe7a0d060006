// Styles of the Mantine components the suggest modal adds to the shared kit (app/kit-styles.ts).
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/SimpleGrid.css';
