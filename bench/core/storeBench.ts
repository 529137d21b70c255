// Micro benchmark of the store's hot path: job snapshot upserts as the watcher makes them (hundreds of jobs
// polled or streamed per second), plus the durable writes that guard network calls. Wired into `npm run bench`.
import Database from 'libsql';
import { findDamage, storeFilesIn } from '../../src-main/core/store/health';
import { openStore } from '../../src-main/core/store/loupeStore';
import { prepare } from '../../src-main/core/store/sqlite';
import { makeTempDir } from '../../src-main/core/store/testing/tempDir';
import { LocalHistory } from '../../src-main/core/jobSources/localHistory';
import { fastestMs, openBenchStore } from './benchStore';

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

/** The fastest of `runs` timings: what the code costs when the machine is not busy with something else. */
function fastest(runs: number, fn: () => void): number {
  let best = Infinity;
  for (let i = 0; i < runs; i += 1) best = Math.min(best, timed(fn));
  return Math.round(best * 100) / 100;
}

const JOB_ROWS_SQL =
  'SELECT profile_id, job_id, status, snapshot, labels, submitted_by_us, retry_of, workflow, created_at, ' +
  'updated_at, terminal_at FROM jobs WHERE profile_id = :profile_id ORDER BY created_at DESC, job_id';

/**
 * What tolerant reading costs: the same rows read as the store reads them (text as bytes, decoded in JS) and
 * as libsql reads them itself (the reference, which aborts the process on a value that is not UTF-8).
 */
function readingCost(path: string, jobs: number): BenchFigure[] {
  const db = new Database(path);
  try {
    const plain = db.prepare(JOB_ROWS_SQL);
    const tolerant = prepare<{ profile_id: string }>(db, JOB_ROWS_SQL);
    const plainMs = fastest(30, () => plain.all({ profile_id: 'b' }));
    const tolerantMs = fastest(30, () => tolerant.all({ profile_id: 'b' }));
    return [
      { name: `store: read ${jobs} job rows, tolerant (as the store reads)`, value: tolerantMs, unit: 'ms' },
      { name: `store: read ${jobs} job rows, plain libsql (reference)`, value: plainMs, unit: 'ms' },
      {
        name: 'store: tolerant / plain read time',
        value: Math.round((tolerantMs / Math.max(plainMs, 0.001)) * 100) / 100,
        unit: '×',
      },
    ];
  } finally {
    db.close();
  }
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

/** The reads and the open check on a store of `jobs` jobs (its own folder, so the check sees only it). */
export function benchStoreReads(jobs = 500): BenchFigure[] {
  const dir = makeTempDir('loupe-bench-');
  const files = storeFilesIn(dir.path);
  try {
    const store = openStore(files.database);
    store.profiles.insert({
      id: 'b',
      name: 'Bench',
      surface: 'serverless',
      baseUrl: 'http://127.0.0.1:1',
      routerBaseUrl: null,
      builtIn: null,
    });
    store.jobs.upsertSnapshots(
      'b',
      Array.from({ length: jobs }, (_, i) =>
        snapshot(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, 1),
      ),
    );
    store.close();
    const checkMs = fastest(5, () => {
      if (findDamage(files) !== null) throw new Error('the bench store is damaged');
    });
    return [
      ...readingCost(files.database, jobs),
      {
        name: 'store: open through the check (header, WAL index, quick_check, close)',
        value: checkMs,
        unit: 'ms',
      },
    ];
  } finally {
    dir.remove();
  }
}

/**
 * The job list's read of what Loupe remembers (LocalHistory.newestAfter, a page of 100 at a time as jobs.list
 * reads them), over all of 3,000 jobs Loupe submitted, each with a 20 KB workflow, against reading the same
 * rows one by one with their workflows (jobs.get: what a retry reads). The list leaves the workflows unread.
 */
export function benchRememberedList(options: { jobs?: number; workflowBytes?: number } = {}): BenchFigure[] {
  const jobs = options.jobs ?? 3_000;
  const workflowBytes = options.workflowBytes ?? 20_000;
  const dir = makeTempDir('loupe-bench-remembered-');
  const store = openBenchStore(dir.file('bench.db'));
  try {
    const ids = Array.from({ length: jobs }, (_, i) => `job-${i}`);
    for (const [i, jobId] of ids.entries()) {
      store.jobs.recordSubmitted('b', {
        jobId,
        status: 'succeeded',
        workflow: {
          '6': { class_type: 'CLIPTextEncode', inputs: { text: `${i} `.padEnd(workflowBytes, 'x') } },
        },
        snapshot: { id: jobId, status: 'succeeded', created_at: '2025-01-01T00:00:00Z', outputs: [] },
      });
    }
    const history = new LocalHistory(store.jobs, 'b', store.batchItems);
    const listMs = fastestMs(5, () => {
      for (let page = history.newestAfter(null, 100); page.last !== null && page.read === 100;) {
        page = history.newestAfter(page.last, 100);
      }
    });
    const eachMs = fastestMs(5, () => ids.forEach((id) => store.jobs.get('b', id)));
    return [
      {
        name: `job list: the ${jobs} remembered jobs, 100 a page (20 KB workflows each)`,
        value: listMs,
        unit: 'ms',
      },
      {
        name: `reference: the same ${jobs} rows read one by one, workflows included`,
        value: eachMs,
        unit: 'ms',
      },
      { name: 'job list / reference', value: listMs / eachMs, unit: '×' },
    ];
  } finally {
    store.close();
    dir.remove();
  }
}
