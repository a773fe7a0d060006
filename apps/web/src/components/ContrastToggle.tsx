import { IconContrast2 } from '@tabler/icons-react';
import { setHighContrast, useHighContrast } from '../app/display.ts';
import { uiMessages } from '../i18n/messages/ui-messages.ts';
import ui from './ui.module.css';

/** Turns high contrast on and off (stronger text, borders, focus rings and marker outlines). */
export function ContrastToggle() {
  const on = useHighContrast();
  return (
    <button
      type="button"
      className={ui.iconButton}
      onClick={() => setHighContrast(!on)}
      aria-pressed={on}
      aria-label={uiMessages.shell.highContrast}
      title={uiMessages.shell.highContrast}
      data-testid="contrast-toggle"
    >
      <IconContrast2 size={18} />
    </button>
  );
}
