// Shared by the store benches: a store file with the one profile 'b' the benches write under, and the
// fastest of several timed runs (the machine is shared: the minimum is the least disturbed).
import { openStore, type LoupeStore } from '../../src-main/core/store';

export const BENCH_PROFILE = 'b';

export function openBenchStore(file: string): LoupeStore {
  const store = openStore(file);
  store.profiles.insert({
    id: BENCH_PROFILE,
    name: 'Bench',
    surface: 'serverless',
    baseUrl: 'http://127.0.0.1:1',
    routerBaseUrl: null,
    builtIn: null,
  });
  return store;
}

/** The fastest of `rounds` runs, in ms. */
export function fastestMs(rounds: number, fn: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}
