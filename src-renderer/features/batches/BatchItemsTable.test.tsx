// The open batch's items table: a column per axis the items set (values as the contact sheet writes them),
// each item's state, how often it was sent and how long its job took; virtualized, so a 1,000-item sweep
// keeps only the rows on screen in the DOM and scrolls to any of them.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BatchItem } from '../../../src-shared/contract';
import { fakeLayout } from '../../test/fakeLayout';
import { itemTime, batchElapsed } from './detail/batchTiming';
import { batchEta, finishedItems } from './detail/batchEta';
import { batchDetail, createdItem, fakeBatchesHost, jobSnapshot, waitingItem } from './testing/fakeBatches';
import { sweepBatch, type SweepAxis } from './testing/fakeContactSheet';
import { listedBatch, listedBatchIds, renderBatches, resetBatchesUi } from './testing/renderBatches';

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => resetBatchesUi());

const PROMPT = 'a lighthouse on a cliff at dusk, storm clouds, oil painting';

async function open(batch: ReturnType<typeof batchDetail>): Promise<HTMLElement> {
  renderBatches(fakeBatchesHost({ batches: [batch] }).loupe);
  await waitFor(() => expect(listedBatchIds()).toEqual([batch.id]));
  fireEvent.click(listedBatch(batch.id));
  return screen.findByRole('table', { name: 'Items' });
}

const heads = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);
const rows = () => screen.getAllByTestId('batch-item');
const texts = (row: HTMLElement) => [...row.children].map((cell) => cell.textContent);

describe('the items table', () => {
  it('has a column per axis target, each cell the item’s value written short, the whole on hover', async () => {
    const axes: SweepAxis[] = [
      { target: '3.seed', values: [1, 2] },
      { target: '6.text', values: [PROMPT] },
      { target: '3.cfg', values: [7.5, { __type: 'core/ASSET', info: { id: '0f3c9a1e77aa' } }] },
    ];
    const table = await open(sweepBatch('axes', axes));
    // Every job finished and no row says when: no Time column full of dashes.
    expect(heads(table)).toEqual(['#', '3.seed', '6.text', '3.cfg', 'State', 'Tries', 'Outputs', 'Job']);
    expect(texts(rows()[1]!).slice(0, 5)).toEqual([
      '2',
      '1',
      'a lighthouse on a cliff at d…',
      'asset 0f3c9a1e',
      'Succeeded',
    ]);
    const prompt = within(rows()[0]!).getAllByTestId('item-value')[1]!;
    expect(prompt.getAttribute('title')).toBe(PROMPT);
  });

  it('shows how often each item was sent and how long its job took, counting while it runs', async () => {
    const created = '2025-01-01T11:00:00.000Z';
    const done: BatchItem = createdItem(
      0,
      jobSnapshot({ id: 'j-done', status: 'succeeded', submittedByUs: true, createdAt: created }),
    );
    // A row that carries its completion (a job snapshot's field; batch rows may not have it yet).
    const withEnd = { ...done.job!, completedAt: '2025-01-01T11:01:05.000Z' };
    const ended = createdItem(
      1,
      jobSnapshot({ id: 'j-ended', status: 'failed', submittedByUs: true, createdAt: created }),
    );
    const running = createdItem(
      2,
      jobSnapshot({ id: 'j-run', status: 'running', submittedByUs: true, createdAt: created }),
    );
    const items = [{ ...done, job: withEnd, attempts: 3 }, ended, running, waitingItem(3, 'pending')];
    const table = await open(batchDetail({ id: 'times', items }));
    expect(heads(table)).toEqual(['#', 'State', 'Tries', 'Time', 'Outputs', 'Job']);
    const tries = rows().map((row) => row.children[2]?.textContent);
    expect(tries).toEqual(['3', '1', '1', '—']);
    const times = rows().map((row) => row.children[3]?.textContent);
    expect(times[0]).toBe('1 min 05 s');
    // Finished, but the row does not say when: no made-up number.
    expect(times[1]).toBe('—');
    expect(times[2]).toMatch(/ h \d\d min$/);
    expect(times[3]).toBe('');
  });

  it('keeps only the rows on screen in the DOM for 1,000 items, and scrolls to any of them', async () => {
    const seeds = Array.from({ length: 250 }, (_, index) => index + 1);
    const table = await open(
      sweepBatch('big', [
        { target: '3.seed', values: seeds },
        { target: '3.cfg', values: [4, 7, 10, 13] },
      ]),
    );
    expect(table.getAttribute('aria-rowcount')).toBe('1001');
    expect(rows().length).toBeGreaterThan(10);
    expect(rows().length).toBeLessThan(60);
    expect(rows()[0]!.dataset.position).toBe('0');

    const pane = screen.getByTestId('batch-items-pane');
    pane.scrollTop = 31_000;
    fireEvent.scroll(pane);
    await waitFor(() => expect(rows().some((row) => row.dataset.position === '980')).toBe(true));
    expect(rows().length).toBeLessThan(60);
    expect(rows().some((row) => row.dataset.position === '0')).toBe(false);
  });
});

describe('timing and the estimate', () => {
  it('gives a job’s time from created to completed, never from when Loupe happened to look', () => {
    const job = {
      status: 'succeeded',
      createdAt: '2025-01-01T11:00:00.000Z',
      observedAt: '2025-01-01T15:00:00.000Z',
    };
    expect(itemTime(job)).toEqual({ kind: 'ended' });
    expect(itemTime({ ...job, completedAt: '2025-01-01T11:00:30.000Z' })).toEqual({
      kind: 'took',
      ms: 30_000,
    });
    expect(itemTime({ ...job, status: 'running' })).toEqual({
      kind: 'running',
      sinceMs: Date.parse(job.createdAt),
    });
    expect(itemTime({ ...job, status: 'unknown' })).toEqual({ kind: 'none' });
    expect(itemTime(null)).toEqual({ kind: 'none' });
  });

  it('times a batch from its creation to the latest completion, or counts up while it runs', () => {
    const at = (completedAt: string | null) => ({
      job: { status: 'succeeded', createdAt: '2025-01-01T11:00:00.000Z', completedAt },
    });
    const base = { createdAt: '2025-01-01T11:00:00.000Z' };
    expect(
      batchElapsed({
        ...base,
        finished: true,
        items: [at('2025-01-01T11:02:00.000Z'), at('2025-01-01T11:05:00.000Z'), at(null)],
      }),
    ).toEqual({ kind: 'took', ms: 300_000 });
    expect(batchElapsed({ ...base, finished: true, items: [at(null)] })).toEqual({ kind: 'unknown' });
    expect(batchElapsed({ ...base, finished: false, items: [at(null)] })).toEqual({
      kind: 'running',
      sinceMs: Date.parse(base.createdAt),
    });
  });

  it('estimates the rest from the items finished so far, only after two, and says “—” while paused', () => {
    const minute = 60_000;
    expect(batchEta({ finished: 2, total: 6, elapsedMs: 10 * minute, paused: false })).toEqual({
      kind: 'left',
      ms: 20 * minute,
    });
    expect(batchEta({ finished: 9, total: 12, elapsedMs: 9 * minute, paused: false })).toEqual({
      kind: 'left',
      ms: 3 * minute,
    });
    expect(batchEta({ finished: 1, total: 6, elapsedMs: 10 * minute, paused: false })).toEqual({
      kind: 'hidden',
    });
    expect(batchEta({ finished: 2, total: 6, elapsedMs: 10 * minute, paused: true })).toEqual({
      kind: 'paused',
    });
    expect(batchEta({ finished: 6, total: 6, elapsedMs: 10 * minute, paused: false })).toEqual({
      kind: 'hidden',
    });
    expect(batchEta({ finished: 2, total: 6, elapsedMs: 0, paused: false })).toEqual({ kind: 'hidden' });
    // Finished: every final job state and every refusal; waiting, queued and running items are not.
    expect(
      finishedItems({
        submitting: 4,
        submitFailed: 1,
        jobs: { succeeded: 3, failed: 1, canceled: 1, expired: 1, running: 2, queued: 5, unknown: 1 },
      }),
    ).toBe(7);
  });
});
