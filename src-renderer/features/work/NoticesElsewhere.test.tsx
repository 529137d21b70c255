// Notices from a profile the window is not showing, through the whole app: the profile with work (from
// profiles.work) is watched beside the shown one; its batch's end and its single job's end each get a notice
// that names the profile; what had already ended when first seen says nothing; a click shows that profile and
// opens the batch there.
import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchDetail, JobSnapshot } from '../../../src-shared/contract';
import { summaryOf } from '../../queries/jobCache';
import { useUiStore } from '../../stores/uiStore';
import { useTransportState } from '../../transport/transportState';
import { tick } from '../../test/fakeJobsHost';
import { fakeLayout } from '../../test/fakeLayout';
import { fakeNotifier } from '../../test/fakeNotifier';
import { renderApp } from '../../test/renderApp';
import { useBatchesUi } from '../batches/batchesUiStore';
import {
  batchDetail,
  createdItem,
  fakeBatchesHost,
  jobSnapshot,
  summaryOfBatch,
} from '../batches/testing/fakeBatches';
import { resetBatchesUi } from '../batches/testing/renderBatches';

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());

let notifier: ReturnType<typeof fakeNotifier>;
beforeEach(() => {
  useUiStore.setState({ section: 'settings', theme: 'dark' });
  useTransportState.setState({ state: 'connected' });
  resetBatchesUi();
  notifier = fakeNotifier('granted');
});
afterEach(() => notifier.restore());

const onDemo = (id: string, status: JobSnapshot['status'], batchId: string | null) =>
  jobSnapshot({ id, status, profileId: 'demo', submittedByUs: true, batchId, observedAt: tick() });

function sweep(last: 'running' | 'succeeded'): BatchDetail {
  return batchDetail({
    id: 'sweep',
    name: 'Seed sweep',
    items: [
      createdItem(0, onDemo('s-1', 'succeeded', 'sweep')),
      createdItem(1, onDemo('s-2', 'succeeded', 'sweep')),
      createdItem(2, onDemo('s-3', last, 'sweep')),
    ],
  });
}

describe('notices from a profile not shown', () => {
  it('name the profile, skip what had already ended, and a click shows that profile’s batch', async () => {
    let demoBatches: BatchDetail[] = [
      sweep('running'),
      batchDetail({
        id: 'old',
        name: 'Old study',
        createdAt: '2024-12-01T11:00:00.000Z',
        items: [
          createdItem(0, onDemo('o-1', 'succeeded', 'old')),
          createdItem(1, onDemo('o-2', 'failed', 'old')),
        ],
      }),
    ];
    const host = fakeBatchesHost({
      batches: [],
      work: [
        {
          profileId: 'demo',
          batchesSending: 1,
          jobsInFlight: 2,
          failuresSinceLooked: 0,
          sent: { done: 3, total: 3 },
        },
      ],
      overrides: {
        // Each profile its own record: the shown one (local) has no batches.
        'batches.list': (args) => ({
          ok: true,
          value: {
            batches:
              (args as { profileId: string }).profileId === 'demo' ? demoBatches.map(summaryOfBatch) : [],
          },
        }),
      },
    });
    renderApp(host.loupe);
    await screen.findByTestId('work-elsewhere');
    // The busy profile is watched though not shown: its batch list is read and its row updates followed.
    await waitFor(() =>
      expect(host.callsOf('batches.list').map((call) => call.args)).toContainEqual({ profileId: 'demo' }),
    );
    await waitFor(() =>
      expect(host.opened).toContainEqual({ name: 'jobs.updates', args: { profileId: 'demo' } }),
    );

    // Loupe's own single job on demo runs and ends: its notice names the profile.
    act(() => {
      host.emitUpdates([summaryOf(onDemo('solo', 'running', null))], 'demo');
    });
    act(() => {
      host.emitUpdates([summaryOf(onDemo('solo', 'succeeded', null))], 'demo');
    });
    await waitFor(() => expect(notifier.shown).toHaveLength(1));
    expect(notifier.shown[0]).toMatchObject({ title: 'Job finished', body: 'Demo server: solo' });

    // The sweep's last job ends: the list is read again and the batch's notice names the profile.
    demoBatches = [sweep('succeeded'), ...demoBatches.slice(1)];
    act(() => {
      host.emitUpdates([summaryOf(onDemo('s-3', 'succeeded', 'sweep'))], 'demo');
    });
    await waitFor(() => expect(notifier.shown).toHaveLength(2));
    expect(notifier.shown[1]).toMatchObject({
      title: 'Batch finished',
      body: 'Demo server: Seed sweep finished: 3 succeeded',
    });
    // Nothing for the batch that had ended before it was first seen, nor for the shown profile.
    expect(notifier.shown.map((notice) => notice.tag)).toEqual(['loupe-job-solo', 'loupe-batch-sweep']);

    act(() => notifier.shown[1]?.onClick?.());
    await waitFor(() =>
      expect(host.calls).toContainEqual({ name: 'profiles.setActive', args: { profileId: 'demo' } }),
    );
    await waitFor(() => expect(useUiStore.getState().section).toBe('batches'));
    await waitFor(() => expect(screen.getByTestId('active-profile').textContent).toContain('Demo server'));
    // The Batches screen, now on demo, keeps the batch open (it does not start the profile afresh).
    await waitFor(() =>
      expect(useBatchesUi.getState()).toMatchObject({ profileId: 'demo', openBatchId: 'sweep' }),
    );
  });
});
