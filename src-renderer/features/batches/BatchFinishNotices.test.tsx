// "Your batch finished": a desktop notice only for a batch seen going from unfinished to finished while
// Loupe runs, never for one already finished when first seen, never twice, never for a batch of one (its
// job's own notice says it); the words name the batch and count its items; a click opens the batch.
import { act, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchSummary } from '../../../src-shared/contract';
import { summaryOf } from '../../queries/jobCache';
import { useUiStore } from '../../stores/uiStore';
import { tick } from '../../test/fakeJobsHost';
import { fakeLayout } from '../../test/fakeLayout';
import { fakeNotifier } from '../../test/fakeNotifier';
import { createBatchFinishNotices } from './batchFinishNotices';
import { useBatchesUi } from './batchesUiStore';
import {
  batchDetail,
  createdItem,
  fakeBatchesHost,
  jobSnapshot,
  summaryOfBatch,
} from './testing/fakeBatches';
import { resetBatchesUi } from './testing/renderBatches';
import { useJobUpdates } from '../../hooks/useJobUpdates';
import { renderWithLoupe } from '../../test/renderWithLoupe';
import { BatchFinishWatcher } from './BatchFinishWatcher';

/** What App mounts beside any screen: the jobs.updates subscription and the batch finish watcher. */
function AppWatchers() {
  useJobUpdates();
  return <BatchFinishWatcher />;
}

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());

let notifier: ReturnType<typeof fakeNotifier>;
beforeEach(() => {
  notifier = fakeNotifier('granted');
  resetBatchesUi();
});
afterEach(() => notifier.restore());

function summary(id: string, finished: boolean, patch: Partial<BatchSummary> = {}): BatchSummary {
  return {
    ...summaryOfBatch(batchDetail({ id, items: [] })),
    name: 'Lighthouse sweep',
    itemCount: 12,
    counts: finished
      ? { submitting: 0, submitFailed: 0, jobs: { succeeded: 10, failed: 2 } }
      : { submitting: 2, submitFailed: 0, jobs: { succeeded: 8, running: 2 } },
    outputsCount: 10,
    finished,
    ...patch,
  };
}

describe('batch finish notices', () => {
  it('notifies once for a batch seen finishing, with its name and counts', () => {
    const opened = vi.fn();
    const notices = createBatchFinishNotices(opened);
    expect(notices.observe('local', [summary('b1', false)])).toEqual([]);
    expect(notices.observe('local', [summary('b1', false)])).toEqual([]);
    expect(notices.observe('local', [summary('b1', true)])).toEqual(['b1']);
    expect(notifier.shown).toHaveLength(1);
    expect(notifier.shown[0]).toMatchObject({
      title: 'Batch finished',
      body: 'Lighthouse sweep finished: 10 succeeded, 2 failed',
      tag: 'loupe-batch-b1',
    });
    // Read again, still finished: nothing more.
    expect(notices.observe('local', [summary('b1', true)])).toEqual([]);
    notifier.shown[0]?.onClick?.();
    expect(opened).toHaveBeenCalledWith('local', 'b1');
  });

  it('says nothing for batches already finished when first seen, or for a batch of one', () => {
    const notices = createBatchFinishNotices(vi.fn());
    expect(notices.observe('local', [summary('old', true)])).toEqual([]);
    // Another profile's record is its own: first seen there, it is a baseline too.
    expect(notices.observe('demo', [summary('old', false)])).toEqual([]);
    expect(notices.observe('local', [summary('one', false, { itemCount: 1 })])).toEqual([]);
    expect(notices.observe('local', [summary('one', true, { itemCount: 1 })])).toEqual([]);
    // Back to unfinished (a retry) and finished again: a real transition, so a notice.
    expect(notices.observe('local', [summary('old', false)])).toEqual([]);
    expect(notices.observe('local', [summary('old', true)])).toEqual(['old']);
    expect(notifier.shown.map((notice) => notice.tag)).toEqual(['loupe-batch-old']);
  });

  it('shows the name as text with hidden characters made visible', () => {
    const notices = createBatchFinishNotices(vi.fn());
    notices.observe('local', [summary('b', false, { name: 'Kites \u202Egnp.exe' })]);
    notices.observe('local', [summary('b', true, { name: 'Kites \u202Egnp.exe' })]);
    expect(notifier.shown[0]?.body).toBe('Kites ⟨U+202E⟩gnp.exe finished: 10 succeeded, 2 failed');
  });

  it('notifies while another screen shows, as soon as the batch’s last job ends, and the notice opens it', async () => {
    const job = (id: string, status: 'running' | 'succeeded' | 'failed') =>
      jobSnapshot({ id, status, submittedByUs: true, observedAt: tick() });
    const items = (last: 'running' | 'succeeded') => [
      createdItem(0, job('n-1', 'succeeded')),
      createdItem(1, job('n-2', 'failed')),
      createdItem(2, job('n-3', last)),
    ];
    const finishedAtLoad = batchDetail({ id: 'done-before', name: 'Old study', items: items('succeeded') });
    const host = fakeBatchesHost({
      batches: [
        batchDetail({ id: 'notice-run', name: 'Cfg study', items: items('running') }),
        finishedAtLoad,
      ],
    });
    // The app as it runs on the Jobs screen: its jobs.updates subscription and the watcher, no Batches screen.
    act(() => useUiStore.getState().setSection('jobs'));
    renderWithLoupe(<AppWatchers />, host.loupe);
    await waitFor(() => expect(host.callsOf('batches.list').length).toBeGreaterThan(0));
    expect(notifier.shown).toEqual([]);

    const finished = batchDetail({ id: 'notice-run', name: 'Cfg study', items: items('succeeded') });
    expect(summaryOfBatch(finished).finished).toBe(true);
    host.setBatch(finished);
    act(() => {
      host.emitUpdates([summaryOf(job('n-3', 'succeeded'))]);
    });
    await waitFor(() => expect(notifier.shown).toHaveLength(1));
    expect(notifier.shown[0]?.body).toBe('Local proxy: Cfg study finished: 2 succeeded, 1 failed');

    act(() => notifier.shown[0]?.onClick?.());
    expect(useUiStore.getState().section).toBe('batches');
    expect(useBatchesUi.getState().openBatchId).toBe('notice-run');
  });
});
