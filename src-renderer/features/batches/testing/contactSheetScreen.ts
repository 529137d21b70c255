// Test support for the contact sheet's screen tests: sample axes, the Batches screen over a fake host with
// given batches and one of them open, and the grid's parts read back as text.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { BatchDetail } from '../../../../src-shared/contract';
import { fakeBatchesHost } from './fakeBatches';
import type { SweepAxis } from './fakeContactSheet';
import { listedBatch, listedBatchIds, renderBatches } from './renderBatches';
import { SAMPLE_JOBS } from './sampleBatches';

export const SEEDS: SweepAxis = { target: '3.seed', values: [1, 2, 3] };
export const CFGS: SweepAxis = { target: '3.cfg', values: [5, 7.5] };
export const PROMPTS: SweepAxis = {
  target: '6.text',
  values: ['a kite over the dunes at dusk, wide angle', 'a dune'],
};

/** Opens a batch from the list; resolves once its detail shows. */
export async function openBatch(batchId: string): Promise<HTMLElement> {
  await waitFor(() => expect(listedBatchIds()).toContain(batchId));
  fireEvent.click(listedBatch(batchId));
  const detail = await screen.findByTestId('batch-detail');
  await waitFor(() => expect(detail.dataset.batchId).toBe(batchId));
  return detail;
}

/** The Batches screen over these batches with the first open; resolves to its contact sheet's grid. */
export async function showSheet(...batches: BatchDetail[]) {
  const host = fakeBatchesHost({ jobs: SAMPLE_JOBS, batches });
  renderBatches(host.loupe);
  await openBatch(batches[0]?.id ?? '');
  return { host, grid: await screen.findByRole('grid', { name: 'Contact sheet' }) };
}

/** The grid now: another X, Y or page draws a new one. */
export const sheet = () => screen.getByRole('grid', { name: 'Contact sheet' });

export const headers = (grid: HTMLElement, role: 'columnheader' | 'rowheader') =>
  within(grid)
    .getAllByRole(role)
    .map((header) => header.textContent);

export const cells = (grid: HTMLElement) => within(grid).getAllByRole('gridcell');

export function cell(grid: HTMLElement, index: number): HTMLElement {
  const found = grid.querySelector<HTMLElement>(`[data-cell="${index}"]`);
  if (found === null) throw new Error(`cell ${index} is not drawn`);
  return found;
}

/** Each drawn cell's picture URL, row by row; null for a cell without one. */
export const imageSources = (grid: HTMLElement) =>
  cells(grid).map((element) => element.querySelector('img')?.getAttribute('src') ?? null);

export const select = (name: string) => screen.getByRole('combobox', { name });
