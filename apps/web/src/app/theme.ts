import { createTheme } from '@mantine/core';

/**
 * One theme, light and dark. Colours, fonts and radii are CSS variables (Mantine's defaults plus the
 * overrides in global.css), so the same look holds on pages that do not load the component kit.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  cursorType: 'pointer',
});
