// A job with 10,000 outputs must not freeze main (issue 19, fault 5). A real simulator job writes 10,000
// outputs at once; the watcher follows it live. Its outputs reach the store a chunk to a transaction
// with the event loop running between two, unchanged rows are not written again, every jobs.watch snapshot
// carries the first page only (the count says how many there are), and jobs.outputs pages through the rest,
// from the store when Loupe only remembers the job (whose stored snapshot keeps only the first page).
// How long main stalls is measured by `npm run bench -- outputs`, not here.
import { afterEach, describe, expect, it } from 'vitest';
import { SNAPSHOT_OUTPUTS, type JobSummary } from '../../../src-shared/contracts/jobs';
import { manyOutputsWorkflow } from '../../simulator/jobs/sampleWorkflows';
import { connectionTo } from '../api/testing/conformance/simulatorHarness';
import { createProfileJobs } from '../jobs/profileJobs';
import {
  jobsFixture,
  recordingWatch,
  until,
  type JobsFixture,
} from '../jobs/testing/conformance/jobsHarness';
import type { OutputRowInput } from '../store';

let fixture: JobsFixture | undefined;
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
});

const count = 10_000;

describe('a job with 10,000 outputs', () => {
  it('is stored a chunk at a time with the event loop running between, and paged to the page', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const { store, jobs, profileId } = fixture;

    // Every transaction of outputs, and how many turns of the event loop had passed when it began.
    let turns = 0;
    let counting = true;
    const turn = (): void => {
      turns++;
      if (counting) setImmediate(turn);
    };
    setImmediate(turn);
    const transactions: Array<{ rows: number; turn: number }> = [];
    const upsertRows = store.outputs.upsertRows.bind(store.outputs);
    store.outputs.upsertRows = (profile: string, jobId: string, rows: readonly OutputRowInput[]) => {
      transactions.push({ rows: rows.length, turn: turns });
      upsertRows(profile, jobId, rows);
    };
    const rows: JobSummary[] = [];
    const stopUpdates = jobs.watcher.onUpdates((updated) => rows.push(...updated));

    const submitted = await jobs.service.submit({ workflowJson: JSON.stringify(manyOutputsWorkflow(count)) });
    const watch = recordingWatch(true);
    const stop = jobs.watcher.watch(submitted.id, watch);
    await until(() => (watch.statuses().includes('succeeded') ? true : null), 30_000);
    await until(() => (jobs.watcher.hasFinished(submitted.id) ? true : null), 30_000);
    // What the last flush queued is written too.
    await until(async () => {
      await jobs.watcher.outputs.whenIdle();
      return store.outputs.listForJob(profileId, submitted.id).rows.length === count ? true : null;
    }, 30_000);
    counting = false;
    stop();
    stopUpdates();

    // In order, each at its place.
    const stored = store.outputs.listForJob(profileId, submitted.id).rows;
    expect(stored.map((row) => row.position)).toEqual(Array.from({ length: count }, (_, i) => i));
    // A chunk (250 rows) to a transaction at most, and the event loop ran between every two of them.
    expect(transactions.length).toBeGreaterThanOrEqual(count / 250);
    expect(Math.max(...transactions.map((t) => t.rows))).toBeLessThanOrEqual(250);
    const gaps = transactions.slice(1).map((t, i) => t.turn - (transactions[i]?.turn ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1);
    // Rows already written as they stand are not written again, however many reads and flushes came.
    const written = transactions.reduce((sum, t) => sum + t.rows, 0);
    expect(written).toBe(jobs.watcher.outputs.stats.rowsWritten);
    expect(written).toBeLessThan(2 * count);

    // Every snapshot the page got carried the first page only, and said how many there are.
    const snapshots = watch.events.flatMap((event) => (event.type === 'snapshot' ? [event.job] : []));
    expect(Math.max(...snapshots.map((snapshot) => snapshot.outputs.length))).toBe(SNAPSHOT_OUTPUTS);
    expect(snapshots.at(-1)?.outputsCount).toBe(count);
    expect(rows.filter((row) => row.id === submitted.id).at(-1)?.outputsCount).toBe(count);

    // The rest, a page at a time.
    const last = await jobs.service.outputs(submitted.id, count - 150, 500);
    expect(last.total).toBe(count);
    expect(last.outputs).toHaveLength(150);
    expect(last.outputs.at(-1)?.assetId).toBe(stored.at(-1)?.assetId);

    // The job's stored snapshot keeps the first page and the count; the outputs table has every one.
    const snapshot = store.jobs.get(profileId, submitted.id)?.snapshot;
    expect(snapshot).toMatchObject({ outputs_count: count });
    expect(Array.isArray(snapshot?.outputs) ? snapshot.outputs.length : null).toBe(SNAPSHOT_OUTPUTS);
    // A later run of Loupe that only remembers the job pages its outputs from the store, asking nothing.
    await jobs.dispose();
    const later = createProfileJobs(profileId, connectionTo(fixture.sim), store, {
      watch: { resumeLimit: 0 },
    });
    try {
      const reads = (await fixture.requests(new RegExp(`/api/v2/jobs/${submitted.id}$`))).length;
      const remembered = await later.service.outputs(submitted.id, count - 150, 500);
      expect(remembered).toEqual(last);
      expect(await fixture.requests(new RegExp(`/api/v2/jobs/${submitted.id}$`))).toHaveLength(reads);
      // Opened again, it shows the first page and the count from memory.
      const seen = recordingWatch(false);
      const unwatch = later.watcher.watch(submitted.id, seen);
      unwatch();
      const first = seen.events.find((event) => event.type === 'snapshot');
      expect(first?.type === 'snapshot' ? [first.job.outputs.length, first.job.outputsCount] : null).toEqual([
        SNAPSHOT_OUTPUTS,
        count,
      ]);
    } finally {
      await later.dispose();
    }
  });
});
