// The core's own benchmarks as `npm run bench` tables: the watcher's request budget (against the simulator,
// with the naive one-GET-per-job figure measured alongside) and the store's snapshot throughput.
import { benchBatchGet, benchBatchList } from './core/batchesBench';
import { benchManyOutputs } from './core/outputsBench';
import { benchRuntimes } from './core/runtimesBench';
import { benchRememberedList, benchStore, benchStoreReads } from './core/storeBench';
import { benchWatcher } from './core/watcherBench';
import { startSimulator } from '../src-main/simulator/server';
import type { Figure, Figures } from './figures';

/** For each scenario, how many times fewer requests the watcher sends than naive per-job polling. */
function savingRatios(figures: Figure[]): Figure[] {
  const seen = figures.filter((f) => f.name.endsWith(', requests seen by the service'));
  return seen.flatMap((f) => {
    const scenario = f.name.slice(0, -', requests seen by the service'.length);
    const naive = figures.find((n) => n.name === `${scenario}, naive polling (1 GET per job per interval)`);
    if (!naive || f.value <= 0) return [];
    return [{ name: `${scenario}, naive / watcher`, value: naive.value / f.value, unit: '×' }];
  });
}

export async function benchWatcherBudget(): Promise<Figures> {
  const figures = await benchWatcher(startSimulator);
  return {
    title: 'Job watcher: requests per second the simulator sees for 500 running jobs',
    figures: [...figures, ...savingRatios(figures)],
    notes: [
      'Production poll intervals over a 6 s window; the naive figure is one GET per job per poll interval.',
      'The watcher caps itself at 4 poll requests per second per profile.',
    ],
  };
}

export function benchStoreThroughput(): Promise<Figures> {
  return Promise.resolve({
    title: 'Local store: job snapshot writes and reads (SQLite, WAL)',
    figures: [...benchStore(), ...benchStoreReads(), ...benchRememberedList()],
    notes: [
      '500 jobs per round, 10 rounds; durable writes use synchronous=FULL.',
      'The job list: fastest of 5; it reads what Loupe remembers on every jobs.list call.',
      'Reads: fastest of 30; the plain libsql read is the reference (it aborts the process on bad UTF-8).',
    ],
  });
}

export function benchBatches(): Promise<Figures> {
  return Promise.resolve({
    title: 'Batches screen: batches.list against reading each batch on its own; batches.get of 1,000 items',
    figures: [...benchBatchList(), ...benchBatchGet()],
    notes: [
      'Every job succeeded with one output and a 20 KB workflow; fastest of 5 runs each.',
      'An open batch’s page reads batches.get again as its items’ jobs appear.',
      "The Batches screen reads the list again whenever one of the profile's jobs changes.",
    ],
  });
}

export async function benchOutputs(): Promise<Figures> {
  return {
    title: "Jobs of 10,000 outputs: main's event loop while the watcher follows them into the store",
    figures: await benchManyOutputs(),
    notes: [
      'The simulator runs in a process of its own; production watch intervals; each job open live (SSE).',
      'Reference: one flush the way the watcher wrote before, on the same jobs in the same run; it did that on',
      'every change of a job, so the stall it caused was that, many times over. What stalls main now is',
      'mostly reading one job body of 3.6 MB (JSON.parse) each time a job of 10,000 outputs is polled.',
    ],
  };
}

export async function benchProfileRuntimes(): Promise<Figures> {
  return {
    title: 'Visiting twenty profiles and coming back to one: runtimes kept and heap held',
    figures: await benchRuntimes(),
    notes: [
      'Twenty-one in-process simulators; p0 sends a 400-item batch throughout, each other profile is visited once',
      '(its runtime built, its job list read). Heap after forced collections; the reference is the same',
      'twenty runtimes all kept, measured in the same run just before the idle ones are released. An idle',
      "runtime holds less heap than one forced collection's noise here (about 1 MB for twenty, while p0's",
      'batch sends): the count of runtimes left is the figure that carries the promise.',
    ],
  };
}
