// The read that brings jobs sent elsewhere to a following window: what it tells (each finished row once: new,
// or finished since), what it passes over (Loupe's memory when the service is out of reach), how it waits
// after a failure, and that it stops.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobListPage, JobSummary } from '../../../src-shared/contracts/jobs';
import { DISCOVER_LIMIT, JobDiscovery } from './jobDiscovery';

const row = (id: string, status: JobSummary['status']): JobSummary => ({
  id,
  status,
  rawStatus: status,
  createdAt: '2026-11-30T10:00:00.000Z',
  completedAt: null,
  observedAt: '2026-11-30T10:00:00.000Z',
  labels: {},
  progress: null,
  queuePosition: null,
  outputsCount: null,
  errorMessage: null,
  submittedByUs: false,
  retryOf: null,
  batchId: null,
  thumbnail: null,
});
const page = (jobs: JobSummary[], source: JobListPage['source'] = 'service'): JobListPage => ({
  jobs,
  nextCursor: null,
  source,
  notice: null,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function discovery(answers: (JobListPage | Error)[]) {
  const told: string[][] = [];
  const asked: unknown[] = [];
  const found = new JobDiscovery({
    everyMs: 1_000,
    list: (args) => {
      asked.push(args);
      const answer = answers.shift() ?? page([]);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    tell: (rows) => told.push(rows.map((r) => `${r.id}:${r.status}`)),
  });
  return { found, told, asked };
}

describe('JobDiscovery', () => {
  it('tells each finished row once: new ones, and those that finished since (the watcher tells the rest)', async () => {
    const { found, told, asked } = discovery([
      page([row('a', 'running'), row('b', 'succeeded')]),
      page([row('a', 'running'), row('b', 'succeeded')]),
      page([row('c', 'queued'), row('d', 'failed'), row('a', 'succeeded'), row('b', 'succeeded')]),
    ]);
    found.start();
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toEqual([{ limit: DISCOVER_LIMIT }]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(told).toEqual([['b:succeeded'], ['d:failed', 'a:succeeded']]);
    found.stop();
  });

  it('tells nothing from Loupe’s memory alone (the service out of reach)', async () => {
    const { found, told } = discovery([page([row('a', 'failed')], 'local')]);
    found.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(told).toEqual([]);
    found.stop();
  });

  it('waits longer after each failed read (up to four times), and as usual once one succeeds', async () => {
    const down = new Error('connection refused');
    const { found, asked } = discovery([down, down, down, page([]), page([])]);
    found.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(asked).toHaveLength(3);
    // The third failure waits four times, not eight.
    await vi.advanceTimersByTimeAsync(4_000);
    expect(asked).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toHaveLength(5);
    found.stop();
  });

  it('reads nothing once stopped, and tells nothing a read in flight brings back', async () => {
    let answer: (value: JobListPage) => void = () => undefined;
    const told: string[] = [];
    const found = new JobDiscovery({
      everyMs: 1_000,
      list: () => new Promise<JobListPage>((resolve) => (answer = resolve)),
      tell: (rows) => told.push(...rows.map((r) => r.id)),
    });
    found.start();
    await vi.advanceTimersByTimeAsync(1_000);
    found.stop();
    answer(page([row('a', 'succeeded')]));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(told).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
