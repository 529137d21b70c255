// Guards, without timing anything, that live updates cost at most one render per frame however many arrive:
// a burst of progress events draws a running job's detail at most twice (the first event at once, the rest
// at the next frame), a burst of row updates the job list likewise, and only the row that changed.
import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobSnapshot } from '../../src-shared/contract';
import { fakeJobsHost, jobSnapshot, jobSummary, tick } from '../test/fakeJobsHost';
import { fakeLayout } from '../test/fakeLayout';
import { listedIds, renderJobsView } from '../test/renderJobsView';
import { renderWithLoupe } from '../test/renderWithLoupe';
import { resetUiState } from '../test/resetUiState';
import { useJobLive } from './useJobLive';

// Counts the list's row renders: every render of a row draws its status badge once.
const badge = vi.hoisted(() => ({ renders: 0 }));
vi.mock('../components/jobs/JobStatusBadge', async (original) => {
  const actual = await original<typeof import('../components/jobs/JobStatusBadge')>();
  return {
    JobStatusBadge: (props: Parameters<typeof actual.JobStatusBadge>[0]) => {
      badge.renders += 1;
      return actual.JobStatusBadge(props);
    },
  };
});

/**
 * Runs `emit` in separate tasks, as separate messages from the host arrive, all within one frame: frames
 * come only when the test says (nextFrame), so a slow machine cannot slip one in between. Applied one by
 * one, each would be drawn on its own.
 */
async function inSeparateTasks(count: number, emit: (index: number) => void): Promise<void> {
  for (let index = 0; index < count; index++) {
    await act(() => new Promise<void>((resolve) => setTimeout(() => (emit(index), resolve()), 0)));
  }
}

/** Animation frames on the test's clock: requested callbacks wait until nextFrame runs them. */
let frames = new Map<number, FrameRequestCallback>();
let lastFrameId = 0;

/** The next animation frame, and the task after it in which React Query tells its observers. */
const nextFrame = async () => {
  const due = [...frames.values()];
  frames = new Map();
  act(() => due.forEach((callback) => callback(performance.now())));
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
};

beforeAll(() => fakeLayout.install({ width: 1000, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => {
  resetUiState('jobs');
  frames = new Map();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    lastFrameId += 1;
    frames.set(lastFrameId, callback);
    return lastFrameId;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});
afterEach(() => vi.unstubAllGlobals());

function running(step: number): JobSnapshot {
  return jobSnapshot({
    id: 'j1',
    status: 'running',
    rawStatus: 'running',
    observedAt: tick(),
    progress: {
      value: step / 100,
      nodesDone: 2,
      nodesTotal: 6,
      currentNode: '3',
      currentNodeClass: 'KSampler',
      step,
      steps: 100,
      message: null,
    },
  });
}

describe('live updates draw once per frame', () => {
  it('a burst of progress events writes and draws the job once, with the last step', async () => {
    const host = fakeJobsHost({ jobs: [running(1)] });
    let renders = 0;
    function Progress() {
      renders += 1;
      const { job, mode } = useJobLive('j1');
      return (
        <p data-testid="step" data-mode={mode}>
          {job?.progress?.step ?? '-'}
        </p>
      );
    }
    const { client } = renderWithLoupe(<Progress />, host.loupe);
    await waitFor(() => expect(screen.getByTestId('step').dataset.mode).toBe('live'));
    await nextFrame();
    // Each write of the job's entry tells everything that shows the job (the detail, its row in every list).
    let writes = 0;
    client.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'success' &&
        (event.query.queryKey as readonly unknown[]).at(-1) === 'j1'
      ) {
        writes += 1;
      }
    });
    const before = renders;

    await inSeparateTasks(8, (index) =>
      host.emitWatch('j1', { type: 'snapshot', source: 'sse', job: running(index + 2) }),
    );
    await nextFrame();
    // The newest step, written and drawn twice at most (the first event at once, the rest together at the
    // next frame), never 8 times.
    expect(screen.getByTestId('step').textContent).toBe('9');
    expect(writes).toBeLessThanOrEqual(2);
    expect(renders - before).toBeLessThanOrEqual(2);

    // One event: one write, one render.
    const [writesBefore, rendersBefore] = [writes, renders];
    act(() => {
      host.emitWatch('j1', { type: 'snapshot', source: 'sse', job: running(10) });
    });
    await nextFrame();
    expect(screen.getByTestId('step').textContent).toBe('10');
    expect(writes - writesBefore).toBe(1);
    expect(renders - rendersBefore).toBe(1);
  });

  it('a burst of row updates draws the list once, and only the row that changed', async () => {
    const jobs = Array.from({ length: 30 }, (_, index) =>
      jobSnapshot({ id: `job-${String(index).padStart(2, '0')}`, status: 'succeeded', createdAt: tick() }),
    );
    const host = fakeJobsHost({ jobs: [...jobs].reverse() });
    renderJobsView(host);
    await waitFor(() => expect(listedIds().length).toBeGreaterThan(5));
    await waitFor(() => expect(host.opened.some((stream) => stream.name === 'jobs.updates')).toBe(true));
    await nextFrame();
    const shownRows = listedIds().length;
    const before = badge.renders;

    const changing = listedIds()[0]!;
    await inSeparateTasks(8, (index) =>
      host.emitUpdates([
        jobSummary({ id: changing, status: 'running', progress: (index + 1) / 10, observedAt: tick() }),
      ]),
    );
    await nextFrame();
    const row = document.querySelector(`[data-job-id="${changing}"]`);
    expect(row?.getAttribute('data-status')).toBe('running');
    // The one row drawn again twice at most (first event, then the rest at the frame): not 8 times, nor the
    // other rows in view.
    expect(badge.renders - before).toBeLessThanOrEqual(2);
    expect(shownRows).toBeGreaterThan(5);
  });
});
