// LocalHistory.newestAfter: the job list's walk through what Loupe remembers, page by page from the store's
// jobs_by_creation index (schema.ts jobsByCreation) instead of every row at each list. On a real store file:
// the order is each job's own creation time (not when Loupe first saw it), ties by id; a walk in small pages
// gives exactly the order a sort of every row gives; the SQL time is the one Date.parse reads; a job without
// a readable creation time sorts by when Loupe recorded it; a damaged row is left out and walked past.
import { describe, expect, it } from 'vitest';
import { batchStoreTestbed } from '../batches/testing/batchStoreTestbed';
import type { CreationPlace } from '../store';
import { compareNewestFirst, LocalHistory, type LocalJob } from './localHistory';

const bed = batchStoreTestbed();

function history(): LocalHistory {
  const { store } = bed.fixture;
  return new LocalHistory(store.jobs, 'p', store.batchItems);
}

function remember(id: string, createdAt: unknown): void {
  bed.fixture.store.jobs.upsertSnapshot('p', { id, status: 'succeeded', created_at: createdAt });
}

/** Every remembered job, walked `pageSize` at a time. */
function walk(pageSize: number): LocalJob[] {
  const jobs: LocalJob[] = [];
  let after: CreationPlace | null = null;
  for (let pages = 0; pages < 1_000; pages++) {
    const page = history().newestAfter(after, pageSize);
    jobs.push(...page.jobs);
    if (page.last === null || page.read < pageSize) return jobs;
    after = page.last;
  }
  throw new Error('the walk did not end');
}

const ids = (jobs: readonly LocalJob[]): string[] => jobs.map((job) => job.wire.id);

describe('LocalHistory.newestAfter', () => {
  it('orders by the job’s own creation time, ties by id, whatever order Loupe learned them in', () => {
    // Learned oldest-created last (from a list, say): the store's own first-seen order is the reverse.
    remember('c', '2025-01-03T00:00:00.000Z');
    remember('b2', '2025-01-02T00:00:00.000Z');
    remember('b1', '2025-01-02T00:00:00.000Z');
    remember('a', '2025-01-01T00:00:00.000Z');
    expect(ids(walk(100))).toEqual(['c', 'b1', 'b2', 'a']);
    // Page by page, through the tie, nothing is skipped or shown twice.
    expect(ids(walk(1))).toEqual(['c', 'b1', 'b2', 'a']);
  });

  it('a walk in pages of 7 over 300 jobs with many ties is exactly a sort of them all', () => {
    for (let i = 0; i < 300; i++) {
      // 40 distinct times, so most jobs share theirs with others; ids out of order on purpose.
      const at = new Date(Date.UTC(2025, 0, 1) + (i % 40) * 60_000).toISOString();
      remember(`job-${(i * 7919) % 1000}`, at);
    }
    const walked = walk(7);
    const sorted = [...walked].sort((x, y) =>
      compareNewestFirst(
        { createdMs: x.createdMs, id: x.wire.id },
        { createdMs: y.createdMs, id: y.wire.id },
      ),
    );
    expect(walked).toHaveLength(300);
    expect(ids(walked)).toEqual(ids(sorted));
    expect(new Set(ids(walked)).size).toBe(300);
  });

  it('the time SQL orders by is the one Date.parse reads from the snapshot', () => {
    const times = [
      '2025-01-01T00:00:00Z',
      '2025-01-01T00:00:00.001Z',
      '2025-06-30T23:59:59.999Z',
      '2025-06-30T23:59:59.999+02:00',
      '2025-06-30T12:00:00-05:30',
      '1999-12-31T23:59:59.5Z',
    ];
    times.forEach((at, i) => remember(`t${i}`, at));
    const byId = history().byIds(times.map((_, i) => `t${i}`));
    times.forEach((at, i) => expect(byId.get(`t${i}`)?.createdMs, at).toBe(Date.parse(at)));
  });

  it('a creation time that is not a readable time sorts by when Loupe recorded the job', () => {
    remember('number', 1_700_000_000);
    remember('words', 'yesterday');
    const { store } = bed.fixture;
    const recorded = (id: string): number => Date.parse(store.jobs.get('p', id)?.createdAt ?? '');
    const byId = history().byIds(['number', 'words']);
    expect(byId.get('number')?.createdMs).toBe(recorded('number'));
    expect(byId.get('words')?.createdMs).toBe(recorded('words'));
  });

  it('leaves a damaged row out and walks past it, even a page of damaged rows only', () => {
    for (let i = 0; i < 6; i++) remember(`j${i}`, `2025-01-0${i + 1}T00:00:00.000Z`);
    // A damaged snapshot has no creation time to give: j4 and j3 sort by when Loupe recorded them (this
    // fixture's clock is later than every snapshot's), so the first page of two is both of them.
    bed.fixture.tamper(`UPDATE jobs SET snapshot = '{not json' WHERE job_id IN ('j4', 'j3')`);
    const first = history().newestAfter(null, 2);
    expect(first.jobs).toEqual([]);
    expect(first.read).toBe(2);
    expect(first.last?.jobId).toBe('j3');
    expect(ids(walk(2))).toEqual(['j5', 'j2', 'j1', 'j0']);
    expect([...history().byIds(['j3', 'j2']).keys()]).toEqual(['j2']);
  });

  it('gives each job the jobs that retried it and its batch of several, as one job’s read does', () => {
    bed.recordJob('p', 'first', 'failed');
    bed.recordJob('p', 'other', 'succeeded');
    const { store } = bed.fixture;
    store.jobs.recordSubmitted('p', {
      jobId: 'first-retry',
      status: 'queued',
      retryOf: 'first',
      workflow: { '1': { class_type: 'SaveImage', inputs: {} } },
    });
    bed.recordBatch('p', 'sweep', [
      { state: 'created', jobId: 'first' },
      { state: 'created', jobId: 'other' },
    ]);
    const walked = walk(1);
    expect(ids(walked).sort()).toEqual(['first', 'first-retry', 'other']);
    for (const job of walked) {
      const alone = history().one(job.wire.id);
      expect(job.local, job.wire.id).toEqual(alone?.local);
    }
    expect(walked.find((job) => job.wire.id === 'first')?.local).toMatchObject({
      retries: ['first-retry'],
      batchId: 'sweep',
    });
  });

  it('reads only the profile’s own jobs', () => {
    remember('mine', '2025-01-01T00:00:00.000Z');
    bed.fixture.store.jobs.upsertSnapshot('q', { id: 'theirs', status: 'succeeded' });
    expect(ids(walk(10))).toEqual(['mine']);
    expect(history().byIds(['theirs']).size).toBe(0);
  });
});
