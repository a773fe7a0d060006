import { IconMoon, IconSun } from '@tabler/icons-react';
import { setColorScheme, useColorScheme } from '../app/color-scheme.ts';
import { uiMessages } from '../i18n/messages/ui-messages.ts';
import ui from './ui.module.css';

/** Switches between the light and the dark theme. */
export function ColorSchemeToggle() {
  const scheme = useColorScheme();
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={ui.iconButton}
      onClick={() => setColorScheme(next)}
      aria-label={uiMessages.shell.switchToMode(uiMessages.shell[next])}
    >
      {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
    </button>
  );
}
