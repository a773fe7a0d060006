import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { setColorScheme, storedColorScheme, subscribeColorScheme } from './color-scheme.ts';
import { theme } from './theme.ts';
import './kit-styles.ts';

/** Mantine reads and writes the same colour-scheme store as the rest of the site. */
const colorSchemeManager: MantineColorSchemeManager = {
  get: () => storedColorScheme(),
  set: (value) => setColorScheme(value),
  subscribe: (onUpdate) => {
    unsubscribe = subscribeColorScheme(() => onUpdate(storedColorScheme()));
  },
  unsubscribe: () => unsubscribe?.(),
  clear: () => setColorScheme('auto'),
};
let unsubscribe: (() => void) | undefined;

/**
 * The Mantine component kit, for the pages that use it (forms, dialogs, toasts). The theme's CSS
 * variables come from the stylesheet, so pages without the kit look the same.
 */
export function MantineShell({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      withCssVariables={false}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      {children}
    </MantineProvider>
  );
}

export function withMantine<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function WithMantine(props: P) {
    return (
      <MantineShell>
        <Page {...props} />
      </MantineShell>
    );
  };
}
