// The base every page needs: reset, theme variables, the site's own global styles.
// Component-kit styles load with the pages that use the kit (see MantineShell).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './global.css';
