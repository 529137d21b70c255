// Micro benchmark of the store's hot path: job snapshot upserts as the watcher makes them (hundreds of jobs
// polled or streamed per second), plus the durable writes that guard network calls. Wired into `npm run bench`.
import { openStore } from '../../src-main/core/store/loupeStore';
import { makeTempDir } from '../../src-main/core/store/testing/tempDir';

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
}

export interface BenchOptions {
  /** Jobs per round (default 500: the watcher's target of 500 watched jobs). */
  jobs?: number;
  /** Rounds of changed snapshots (default 10). */
  rounds?: number;
  /** Durable intents to time (each is one fsync; default 50). */
  durableWrites?: number;
}

function snapshot(id: string, round: number): { id: string; status: string; [key: string]: unknown } {
  return {
    id,
    status: round % 3 === 2 ? 'succeeded' : 'running',
    created_at: '2025-01-01T00:00:00Z',
    progress: { value: round / 10, nodes_done: round, nodes_total: 12, step: round * 3, steps: 30 },
    outputs: [],
    urls: {
      self: `/api/v2/jobs/${id}`,
      events: `/api/v2/jobs/${id}/events`,
      cancel: `/api/v2/jobs/${id}/cancel`,
    },
  };
}

function perSecond(count: number, ms: number): number {
  return Math.round((count / Math.max(ms, 0.001)) * 1000);
}

function timed(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

export function benchStore(options: BenchOptions = {}): BenchFigure[] {
  const jobs = options.jobs ?? 500;
  const rounds = options.rounds ?? 10;
  const durableWrites = options.durableWrites ?? 50;
  const dir = makeTempDir('loupe-bench-');
  const store = openStore(dir.file('bench.db'));
  try {
    store.profiles.insert({
      id: 'b',
      name: 'Bench',
      surface: 'serverless',
      baseUrl: 'http://127.0.0.1:1',
      routerBaseUrl: null,
      builtIn: null,
    });
    const ids = Array.from(
      { length: jobs },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );

    const batchedMs = timed(() => {
      for (let round = 0; round < rounds; round += 1) {
        store.jobs.upsertSnapshots(
          'b',
          ids.map((id) => snapshot(id, round)),
        );
      }
    });
    const unchangedMs = timed(() => {
      store.jobs.upsertSnapshots(
        'b',
        ids.map((id) => snapshot(id, rounds - 1)),
      );
    });
    const singleMs = timed(() => {
      for (const id of ids) store.jobs.upsertSnapshot('b', snapshot(id, rounds));
    });
    const listMs = timed(() => {
      store.jobs.list('b', { limit: jobs });
    });
    store.batches.create({ id: 'batch', profileId: 'b', name: 'bench' }, []);
    const durableMs = timed(() => {
      for (let i = 0; i < durableWrites; i += 1) {
        store.batchItems.recordIntent({
          id: `i${i}`,
          batchId: 'batch',
          idempotencyKey: `k${i}`,
          request: { i },
        });
      }
    });

    return [
      {
        name: 'store: snapshot upserts, batched per round',
        value: perSecond(jobs * rounds, batchedMs),
        unit: 'jobs/s',
      },
      {
        name: 'store: snapshot upserts, unchanged (no write)',
        value: perSecond(jobs, unchangedMs),
        unit: 'jobs/s',
      },
      {
        name: 'store: snapshot upserts, one transaction each',
        value: perSecond(jobs, singleMs),
        unit: 'jobs/s',
      },
      { name: `store: list ${jobs} jobs (parsed)`, value: Math.round(listMs * 100) / 100, unit: 'ms' },
      {
        name: 'store: durable intents (fsync each)',
        value: perSecond(durableWrites, durableMs),
        unit: 'writes/s',
      },
    ];
  } finally {
    store.close();
    dir.remove();
  }
}
