// A screen whose code comes in its own chunk, fetched on first need or ahead of it (App preloads the others
// once the first screen is up).
import { lazy, type ComponentType } from 'react';

export interface LazyScreen {
  Component: ComponentType;
  /** Fetches the screen's code ahead of its first visit (a no-op for a screen that came with the app). */
  preload: () => void;
  /** Resolves once no fetch of the screen's code is under way (whether it came or failed). */
  settled: () => Promise<void>;
}

/** A screen whose code is fetched the first time it is needed: one chunk per screen (and what only it uses). */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loading: Promise<ComponentType> | null = null;
  const fetchCode = (): Promise<ComponentType> =>
    (loading ??= load().catch((error: unknown) => {
      // A fetch that failed (the host restarting, say) is tried again by the next visit, not kept.
      loading = null;
      throw error;
    }));
  return {
    Component: lazy(() => fetchCode().then((component) => ({ default: component }))),
    // Ahead of need, quietly: a failure here is the visit's to report, if it fails again then.
    preload: () => void fetchCode().catch(() => undefined),
    settled: () =>
      loading === null
        ? Promise.resolve()
        : loading.then(
            () => undefined,
            () => undefined,
          ),
  };
}
