// The read that brings jobs sent elsewhere to a following window: what it tells (each finished row once: new,
// or finished since), what it passes over (Loupe's memory when the service is out of reach), how it waits
// after a failure, and that it stops.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobListPage, JobSummary } from '../../../src-shared/contracts/jobs';
import { DISCOVER_LIMIT, DISCOVER_MAX_PAGES, JobDiscovery } from './jobDiscovery';

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
const page = (
  jobs: JobSummary[],
  source: JobListPage['source'] = 'service',
  nextCursor: string | null = null,
): JobListPage => ({ jobs, nextCursor, source, notice: null });
/** `count` finished jobs named `${prefix}0`…, newest first. */
const finished = (prefix: string, count: number): JobSummary[] =>
  Array.from({ length: count }, (_, i) => row(`${prefix}${i}`, 'succeeded'));

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

  it('reads on past the newest page while a whole page is jobs it has not seen (a script sent more than a page)', async () => {
    const { found, told, asked } = discovery([
      // The first read: never more than the newest page (the window has just read its list), cursor or not.
      page([row('a', 'succeeded')], 'service', 'p2'),
      // 45 sent elsewhere since: two whole pages unseen, then the page that reaches "a".
      page(finished('x', DISCOVER_LIMIT), 'service', 'c2'),
      page(finished('y', DISCOVER_LIMIT), 'service', 'c3'),
      page([...finished('z', 5), row('a', 'succeeded')], 'service', 'c4'),
      // The next read: the newest page holds known jobs, so one page.
      page([row('n', 'failed'), ...finished('x', 3)], 'service', 'c5'),
    ]);
    found.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toEqual([{ limit: DISCOVER_LIMIT }]);
    expect(told).toEqual([['a:succeeded']]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked.slice(1)).toEqual([
      { limit: DISCOVER_LIMIT },
      { limit: DISCOVER_LIMIT, cursor: 'c2' },
      { limit: DISCOVER_LIMIT, cursor: 'c3' },
    ]);
    expect(told[1]).toHaveLength(2 * DISCOVER_LIMIT + 5);
    expect(told[1]?.slice(-6)).toEqual([
      'y19:succeeded',
      'z0:succeeded',
      'z1:succeeded',
      'z2:succeeded',
      'z3:succeeded',
      'z4:succeeded',
    ]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(asked).toHaveLength(5);
    expect(told[2]).toEqual(['n:failed']);
    found.stop();
  });

  it('reads at most DISCOVER_MAX_PAGES pages in one go, and keeps what the service said when a later page is only Loupe’s memory', async () => {
    const endless = Array.from({ length: 10 }, (_, i) =>
      page(finished(`p${i}-`, DISCOVER_LIMIT), 'service', `c${i}`),
    );
    const { found, told, asked } = discovery([
      page([row('a', 'succeeded')]),
      ...endless.slice(0, DISCOVER_MAX_PAGES),
      page([row('b', 'succeeded')]),
      page(finished('q', DISCOVER_LIMIT), 'service', 'q2'),
      page([row('m', 'failed')], 'local'),
    ]);
    found.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(asked).toHaveLength(1 + DISCOVER_MAX_PAGES);
    expect(told[1]).toHaveLength(DISCOVER_MAX_PAGES * DISCOVER_LIMIT);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(told[2]).toEqual(['b:succeeded']);
    expect(told[3]).toHaveLength(DISCOVER_LIMIT);
    expect(told.flat()).not.toContain('m:failed');
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
