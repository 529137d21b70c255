// The open batch's failures over the fake host: grouped by error with their counts, codes and messages (the
// service's words as text, never markup), the items each struck (a click shows the item in the table), Retry
// these for one group and Retry all failed, each reading the batch and its groups again; no call at all for
// a batch where nothing can have failed, and a fresh read of the groups whenever the batch is read.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchDetail, BatchFailureGroup } from '../../../src-shared/contract';
import { summaryOf } from '../../queries/jobCache';
import { tick } from '../../test/fakeJobsHost';
import { fakeLayout } from '../../test/fakeLayout';
import { failureItems } from './detail/failureItems';
import { controlAnswers } from './testing/fakeBatchControls';
import { fakeBatchesHost, jobSnapshot } from './testing/fakeBatches';
import { sweepBatch, sweptJobId, type SweepAxis } from './testing/fakeContactSheet';
import { listedBatch, listedBatchIds, renderBatches, resetBatchesUi } from './testing/renderBatches';

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => resetBatchesUi());

const AXES: SweepAxis[] = [
  { target: '3.seed', values: [1, 2, 3, 4] },
  { target: '3.cfg', values: [4, 7, 10] },
];
const OOM = 'CUDA out of memory. Tried to allocate 2.25 GiB.';
/** The service's words, with markup and a bidi override in them: shown as they are, never obeyed. */
const REFUSED = 'Queue <b>full</b> \u202Eyrt';

/** 12 items: 5 and 10 ran out of memory, 11 was refused, the rest succeeded. */
function study(): BatchDetail {
  return sweepBatch('study', AXES, (position) =>
    position === 5 || position === 10
      ? { job: { status: 'failed', errorMessage: OOM } }
      : position === 11
        ? { submission: 'failed', submitError: REFUSED }
        : { job: { status: 'succeeded' } },
  );
}

const GROUPS: BatchFailureGroup[] = [
  {
    code: 'oom',
    message: OOM,
    itemIds: [`item-${sweptJobId('study', 5)}`, `item-${sweptJobId('study', 10)}`],
    positions: [5, 10],
  },
  { code: 'not_sent', message: REFUSED, itemIds: ['item-11'], positions: [11] },
];

function failuresHost(batch = study()) {
  const controls = controlAnswers({ failures: { [batch.id]: GROUPS } });
  return fakeBatchesHost({ batches: [batch], overrides: controls.answers });
}

async function openBatch(host: ReturnType<typeof failuresHost>, batchId = 'study'): Promise<HTMLElement> {
  renderBatches(host.loupe);
  await waitFor(() => expect(listedBatchIds()).toContain(batchId));
  fireEvent.click(listedBatch(batchId));
  return screen.findByTestId('batch-detail');
}

const groupRows = () => screen.getAllByTestId('failure-group');

describe('failures grouped by error', () => {
  it('lists each group with its count, code, message as text and the items it struck', async () => {
    const host = failuresHost();
    await openBatch(host);
    const section = await screen.findByRole('region', { name: 'Failures' });
    expect(host.callsOf('batches.failures')[0]?.args).toEqual({ profileId: 'local', batchId: 'study' });
    expect(within(section).getByTestId('failures-summary').textContent).toBe('3 items in 2 groups');
    const rows = groupRows().map((row) => [
      within(row).getByTestId('failure-count').textContent,
      within(row).getByTestId('failure-code').textContent,
      within(row).getByTestId('failure-message').textContent,
      within(row).getByTestId('failure-items').textContent,
    ]);
    expect(rows).toEqual([
      ['2', 'oom', OOM, 'Items#6#11'],
      // The bidi override is named, not obeyed.
      ['1', 'not sent', 'Queue <b>full</b> U+202Eyrt', 'Item#12'],
    ]);
    // Markup in the service's words is text: no element was made of it.
    expect(section.querySelector('b')).toBeNull();
  });

  it('names the first few items and counts the rest', () => {
    const positions = Array.from({ length: 40 }, (_, index) => index * 2);
    const named = failureItems({ itemIds: positions.map((position) => `i${position}`), positions });
    expect(named.named.map((item) => item.number)).toEqual([1, 3, 5, 7, 9, 11]);
    expect(named.named[1]?.itemId).toBe('i2');
    expect(named.more).toBe(34);
  });

  it('a click on an item number shows that item in the table, selected and focused', async () => {
    const host = failuresHost();
    await openBatch(host);
    await screen.findByRole('region', { name: 'Failures' });
    fireEvent.click(within(groupRows()[0]!).getByRole('button', { name: '#11' }));
    const row = await waitFor(() => {
      const selected = screen.getAllByTestId('batch-item').find((item) => item.dataset.selected === '');
      expect(selected).toBeDefined();
      return selected!;
    });
    expect(row.dataset.position).toBe('10');
    expect(row.getAttribute('aria-current')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(row));
  });

  it('Retry these sends that group’s code again, Retry all failed sends them all; each reads the batch again', async () => {
    const host = failuresHost();
    await openBatch(host);
    await screen.findByRole('region', { name: 'Failures' });
    const reads = host.callsOf('batches.get').length;
    const groupReads = host.callsOf('batches.failures').length;
    // What the host's record says once the two are sent again: waiting to be sent.
    host.setBatch(
      sweepBatch('study', AXES, (position) =>
        position === 5 || position === 10
          ? { submission: 'pending' }
          : position === 11
            ? { submission: 'failed', submitError: REFUSED }
            : { job: { status: 'succeeded' } },
      ),
    );

    fireEvent.click(within(groupRows()[0]!).getByRole('button', { name: 'Retry these 2 items' }));
    await waitFor(() => expect(host.callsOf('batches.retryFailed')).toHaveLength(1));
    expect(host.callsOf('batches.retryFailed')[0]?.args).toEqual({
      profileId: 'local',
      batchId: 'study',
      code: 'oom',
    });
    await waitFor(() => expect(host.callsOf('batches.get').length).toBeGreaterThan(reads));
    await waitFor(() => expect(host.callsOf('batches.failures').length).toBeGreaterThan(groupReads));
    // The answer says sending resumed: the controls show it, with Pause.
    await waitFor(() => expect(screen.getByTestId('sending-state').textContent).toBe('Sending'));
    expect(screen.getByTestId('sending-toggle').textContent).toBe('Pause');

    fireEvent.click(screen.getByRole('button', { name: 'Retry all failed' }));
    await waitFor(() => expect(host.callsOf('batches.retryFailed')).toHaveLength(2));
    expect(host.callsOf('batches.retryFailed')[1]?.args).toEqual({ profileId: 'local', batchId: 'study' });
  });

  it('says so when nothing was sent again', async () => {
    const controls = controlAnswers({ failures: { study: GROUPS }, retried: 0 });
    const host = fakeBatchesHost({ batches: [study()], overrides: controls.answers });
    await openBatch(host);
    const section = await screen.findByRole('region', { name: 'Failures' });
    fireEvent.click(screen.getByRole('button', { name: 'Retry all failed' }));
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe(
        'Nothing was sent again: those items are already on their way.',
      ),
    );
  });

  it('asks nothing for a batch where nothing failed, and has no Failures section', async () => {
    const host = failuresHost(sweepBatch('fine', AXES));
    await openBatch(host, 'fine');
    await screen.findAllByTestId('batch-item');
    expect(screen.queryByRole('region', { name: 'Failures' })).toBeNull();
    expect(host.callsOf('batches.failures')).toHaveLength(0);
  });

  it('reads the groups again whenever the batch is read again', async () => {
    const host = failuresHost();
    await openBatch(host);
    await screen.findByRole('region', { name: 'Failures' });
    await waitFor(() => expect(host.callsOf('batches.failures').length).toBeGreaterThan(0));
    const before = host.callsOf('batches.failures').length;
    // Another item's job fails: jobs.updates says so, the batch is read again, and its groups with it.
    const failed = jobSnapshot({
      id: sweptJobId('study', 0),
      status: 'failed',
      submittedByUs: true,
      observedAt: tick(),
    });
    act(() => {
      host.emitUpdates([summaryOf(failed)]);
    });
    await waitFor(() => expect(host.callsOf('batches.failures').length).toBeGreaterThan(before));
  });
});
