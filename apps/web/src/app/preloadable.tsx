import { type ComponentType, lazy, useState } from 'react';

/** A component in its own chunk whose code can be loaded before it is first drawn. */
export type Preloadable<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

/**
 * Like `React.lazy`, but a component whose chunk is in already (`preload` resolved) is drawn at once
 * instead of suspending. That matters for the first render: a boundary whose fallback was shown is
 * revealed by React no sooner than 300 ms after that fallback appeared, even when the chunk arrives
 * long before.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A later use may try again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloaded(props: P) {
    // Chosen once per instance: switching from the lazy wrapper to the component would mount it again.
    const [Type] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Type {...props} />;
  }
  return Object.assign(Preloaded, { preload });
}
