import { useSyncExternalStore } from 'react';

/** Whether the browser says it is online (`online`/`offline` events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

let applyUpdate: (() => void) | undefined;
const updateListeners = new Set<() => void>();

/** A new version of the app is installed and waits: `apply` switches to it and reloads. */
export function offerUpdate(apply: () => void) {
  applyUpdate = apply;
  for (const listener of updateListeners) listener();
}

export function useUpdate(): (() => void) | undefined {
  return useSyncExternalStore(
    (listener) => {
      updateListeners.add(listener);
      return () => updateListeners.delete(listener);
    },
    () => applyUpdate,
    () => undefined,
  );
}
