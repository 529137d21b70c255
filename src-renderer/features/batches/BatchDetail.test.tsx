import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchItem, JobSnapshot } from '../../../src-shared/contract';
import { summaryOf } from '../../queries/jobCache';
import { useUiStore } from '../../stores/uiStore';
import { jobSnapshot, tick } from '../../test/fakeJobsHost';
import { fakeLayout } from '../../test/fakeLayout';
import { renderApp } from '../../test/renderApp';
import { useJobsUi } from '../jobs/jobsUiStore';
import { useBatchesUi } from './batchesUiStore';
import {
  batchDetail,
  batchOutput,
  createdItem,
  fakeBatchesHost,
  waitingItem,
  type FakeBatchesHost,
} from './testing/fakeBatches';
import { listedBatch, listedBatchIds, renderBatches, resetBatchesUi } from './testing/renderBatches';
import { DUNES, KITE_JOBS, KITE_OUTPUTS, kites, outputsOf, SAMPLE_JOBS } from './testing/sampleBatches';

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => resetBatchesUi());

function sampleHost(): FakeBatchesHost {
  return fakeBatchesHost({ jobs: SAMPLE_JOBS, batches: [kites(), DUNES] });
}

async function openKites(host: FakeBatchesHost): Promise<HTMLElement> {
  renderBatches(host.loupe);
  await waitFor(() => expect(listedBatchIds()).toContain('kites'));
  fireEvent.click(listedBatch('kites'));
  return screen.findByTestId('batch-detail');
}

function tiles(): HTMLElement[] {
  return screen.queryAllByTestId('gallery-tile');
}

const itemRows = () => screen.getAllByTestId('batch-item');

describe('a batch whose jobs the service forgot', () => {
  const gone = (id: string) =>
    jobSnapshot({ id, status: 'unknown', rawStatus: 'running', goneAt: '2026-11-30T03:00:00.000Z' });

  /** A batch of one item per job, in order, then the items without a job. */
  async function openBatch(jobs: JobSnapshot[], withoutJobs: BatchItem[] = []): Promise<HTMLElement> {
    const items = [...jobs.map((job, position) => createdItem(position, job)), ...withoutJobs];
    const batch = batchDetail({ id: 'lost', name: 'Lighthouse sweep', items });
    renderBatches(fakeBatchesHost({ jobs, batches: [batch] }).loupe);
    await waitFor(() => expect(listedBatchIds()).toContain('lost'));
    fireEvent.click(listedBatch('lost'));
    return screen.findByTestId('batch-detail');
  }

  it('says it stopped, not that it is in progress, when nothing else is left to move', async () => {
    const detail = await openBatch(
      [jobSnapshot({ id: 'done', status: 'succeeded' }), gone('lost-1'), gone('lost-2')],
      [waitingItem(3, 'failed', 'The service queue is full.')],
    );
    expect(within(detail).getByTestId('batch-stopped').textContent).toBe(
      'Stopped: 2 jobs gone from the service',
    );
    expect(within(detail).queryByTestId('batch-running')).toBeNull();
    expect(within(detail).getAllByText('Gone')).toHaveLength(2);
    // Counted as gone, not lumped in with jobs Loupe has not read yet.
    expect(within(detail).getByTestId('batch-counts').textContent).toBe(
      '4 items: 1 succeeded, 1 refused, 2 gone',
    );
  });

  it('is still in progress while another item may move', async () => {
    const detail = await openBatch([gone('lost-1'), jobSnapshot({ id: 'run', status: 'running' })]);
    expect(within(detail).getByTestId('batch-running')).toBeTruthy();
    expect(within(detail).queryByTestId('batch-stopped')).toBeNull();
  });
});

describe('the open batch', () => {
  it('says where it stands in words, lists every item, and shows the outputs of all its jobs', async () => {
    const detail = await openKites(sampleHost());
    expect(within(detail).getByRole('heading').textContent).toBe('Kites U+202Egnp.exe');
    expect(within(detail).getByTestId('batch-counts').textContent).toBe(
      '6 items: 1 succeeded, 1 refused, 1 running, 3 submitting',
    );
    expect(within(detail).getByTestId('batch-running').textContent).toContain('In progress');

    // Items in order: a job's state once there is a job, else where its submission is. Each row: its state,
    // the words for it, its job, and the outputs it has (columns: #, State, Tries, Time, Outputs, Job).
    const cells = (row: HTMLElement) => [1, 5, 4].map((column) => row.children[column]?.textContent);
    expect(itemRows().map((row) => [row.dataset.state, ...cells(row)])).toEqual([
      ['succeeded', 'Succeeded', 'job-kite-1', '2'],
      ['running', 'Running', 'job-kite-2', '1'],
      ['pending', 'Waiting to send', 'no job yet', '—'],
      ['sent', 'Sending', 'no job yet', '—'],
      [
        'unknown',
        'Outcome unknown — the job may exist; Loupe looks for it again at its next start',
        'no job yet',
        '—',
      ],
      ['failed', 'Refused: The service queue is full.', 'no job yet', '—'],
    ]);
    expect(within(itemRows()[0]!).getByTestId('item-job').className).toContain('font-mono');

    // The gallery: every output of both jobs, each tile naming the job (and item) it came from.
    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(tiles().map((tile) => within(tile).getByTestId('tile-origin').textContent)).toEqual([
      '#1 · job-kite-1',
      '#1 · job-kite-1',
      '#2 · job-kite-2',
    ]);
    expect(within(tiles()[0]!).getByRole('img', { name: 'kite_0001.png' }).getAttribute('src')).toBe(
      '/asset-bytes/cap/local/thumbs/kite-a',
    );
    const gallery = screen.getByTestId('outputs-gallery');
    expect(gallery.textContent).toContain('3 outputs from 2 jobs · 3.07 kB');
    expect(gallery.textContent).toContain('more may land while the batch runs');
    expect(within(gallery).getByRole('button', { name: 'Download all 3' })).toBeTruthy();
  });

  it('reads the batch again when one of its jobs changes, so a new output appears', async () => {
    const host = sampleHost();
    await openKites(host);
    await waitFor(() => expect(tiles()).toHaveLength(3));
    const reads = () => host.callsOf('batches.get').length;
    const listReads = () => host.callsOf('batches.list').length;
    const before = reads();

    // The running job writes a second output: the host's record has it, and jobs.updates says so.
    const landed = batchOutput({ jobId: 'job-kite-2', assetId: 'kite-d', name: 'kite_0004.png' });
    const outputs = [...KITE_OUTPUTS, landed];
    const jobOutputs = outputsOf('job-kite-2', outputs);
    const moved = {
      ...KITE_JOBS.running,
      outputs: jobOutputs,
      outputsCount: jobOutputs.length,
      observedAt: tick(),
    };
    host.setBatch(kites(moved, outputs));
    act(() => {
      host.emitUpdates([summaryOf(moved)]);
    });
    await waitFor(() => expect(tiles()).toHaveLength(4));
    expect(reads()).toBeGreaterThan(before);
    expect(listReads()).toBeGreaterThan(1);
    const fresh = tiles()[3]!;
    expect(fresh.className).toContain('loupe-tile-in');
    expect(within(fresh).getByTestId('tile-origin').textContent).toBe('#2 · job-kite-2');
    await waitFor(() => expect(itemRows()[1]!.children[4]?.textContent).toBe('2'));

    // Progress alone moves the item's bar without a read; a job of someone else's reads nothing.
    const settled = reads();
    const settledList = listReads();
    const progressing = { ...summaryOf(moved), progress: 0.5, observedAt: tick() };
    const stranger = summaryOf(jobSnapshot({ id: 'not-ours', status: 'running', submittedByUs: false }));
    act(() => {
      host.emitUpdates([progressing, stranger]);
    });
    const bar = await within(itemRows()[1]!).findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(reads()).toBe(settled);
    expect(listReads()).toBe(settledList);
  });

  it('brings the list’s row up to what a read of the batch says, without reading the list (a batch the CLI moves)', async () => {
    const host = sampleHost();
    renderBatches(host.loupe);
    await waitFor(() => expect(listedBatchIds()).toContain('kites'));
    const outputCount = () => within(listedBatch('kites')).getByTestId('batch-output-count').textContent;
    expect(outputCount()).toBe('3 outputs');
    const listReads = host.callsOf('batches.list').length;

    // Another process (the CLI, on the same record) recorded a fourth output: no job of this window moved.
    const landed = batchOutput({ jobId: 'job-kite-2', assetId: 'kite-d', name: 'kite_0004.png' });
    const outputs = [...KITE_OUTPUTS, landed];
    const jobOutputs = outputsOf('job-kite-2', outputs);
    host.setBatch(
      kites({ ...KITE_JOBS.running, outputs: jobOutputs, outputsCount: jobOutputs.length }, outputs),
    );
    fireEvent.click(listedBatch('kites'));
    await screen.findByTestId('batch-detail');
    await waitFor(() => expect(tiles()).toHaveLength(4));
    await waitFor(() => expect(outputCount()).toBe('4 outputs'));
    expect(host.callsOf('batches.list').length).toBe(listReads);
  });

  it('opens an output in the lightbox, moves with the arrows, and names its job', async () => {
    await openKites(sampleHost());
    await waitFor(() => expect(tiles()).toHaveLength(3));
    fireEvent.click(tiles()[1]!.querySelector('[data-tile-open]')!);
    const box = screen.getByTestId('lightbox');
    expect(box.textContent).toContain('2 of 3');
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    expect(box.textContent).toContain('3 of 3');
    expect(within(box).getByTestId('output-origin').textContent).toContain('job-kite-2');
    // Keys in the lightbox are its own: the batch list's cursor did not move, the batch stays open.
    fireEvent.keyDown(box, { key: 'j' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(useBatchesUi.getState()).toMatchObject({ cursorId: 'kites', openBatchId: 'kites' });
    fireEvent.click(within(box).getByRole('button', { name: 'Open in Jobs' }));
    expect(useUiStore.getState().section).toBe('jobs');
    expect(useJobsUi.getState().openJobId).toBe('job-kite-2');
  });

  it('says so when the open batch is no longer in the record, and drops it from the list', async () => {
    const host = sampleHost();
    await openKites(host);
    host.removeBatch('kites');
    const done = { ...KITE_JOBS.running, status: 'succeeded' as const, observedAt: tick() };
    act(() => {
      host.emitUpdates([summaryOf(done)]);
    });
    const gone = await screen.findByTestId('batch-gone');
    expect(gone.textContent).toContain('This batch is no longer here');
    expect(gone.textContent).not.toContain('batch_not_found');
    fireEvent.click(within(gone).getByRole('button', { name: 'Details' }));
    expect(gone.textContent).toContain('code: batch_not_found');
    await waitFor(() => expect(listedBatchIds()).toEqual(['dunes']));
    fireEvent.click(within(gone).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('no-batch-open')).toBeTruthy();
  });

  it('a click on an item’s job id opens that job in the Jobs screen', async () => {
    const host = sampleHost();
    resetBatchesUi();
    renderApp(host.loupe);
    await waitFor(() => expect(listedBatchIds()).toEqual(['dunes', 'kites']));
    fireEvent.click(listedBatch('kites'));
    const detail = await screen.findByTestId('batch-detail');
    fireEvent.click(within(detail).getByRole('button', { name: 'job-kite-1' }));

    const jobDetail = await screen.findByTestId('job-detail');
    expect(jobDetail.dataset.jobId).toBe('job-kite-1');
    expect(useUiStore.getState().section).toBe('jobs');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Jobs');
    expect(useJobsUi.getState()).toMatchObject({ profileId: 'local', openJobId: 'job-kite-1' });
  });
});
