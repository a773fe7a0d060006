import { useSyncExternalStore } from 'react';
import { reachabilityEvent } from './cached-answer.ts';
import { serverReached } from './reachability.ts';

const networkEvents = ['online', 'offline', reachabilityEvent];

/**
 * Whether the page runs online: the browser says so (`online`/`offline` events) and the app's own
 * requests reach the server (browsers can say online while every request fails).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      for (const name of networkEvents) window.addEventListener(name, listener);
      return () => {
        for (const name of networkEvents) window.removeEventListener(name, listener);
      };
    },
    () => navigator.onLine && serverReached(),
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
