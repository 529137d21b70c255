// The renderer's unit tests share one module graph per worker (vitest.config.ts: `isolate: false`, about four
// times faster). zustand's stores are module singletons, so this stand-in for its `create` remembers each
// store's first state and `resetAllStores` puts every store back to it after each test: no test sees another's
// clicks. The stores themselves are zustand's own, only wrapped.
import { act } from '@testing-library/react';
import type * as Zustand from 'zustand';

const resets = new Set<() => void>();

/** zustand with a `create` that registers each store it makes for `resetAllStores`. */
export function resettable(actual: typeof Zustand): typeof Zustand {
  function createRegistered<T>(
    stateCreator: Zustand.StateCreator<T>,
  ): Zustand.UseBoundStore<Zustand.StoreApi<T>> {
    const store = actual.create(stateCreator);
    const first = store.getInitialState();
    resets.add(() => store.setState(first, true));
    return store;
  }
  const create = (<T>(stateCreator?: Zustand.StateCreator<T>) =>
    stateCreator === undefined ? createRegistered : createRegistered(stateCreator)) as typeof actual.create;
  return { ...actual, create };
}

/** Every store made so far back to its first state. */
export function resetAllStores(): void {
  act(() => {
    for (const reset of resets) reset();
  });
}
