// The batch list's pictures: a batch shows the first image output main picked for it (its first item with
// one), loaded from the asset route like the gallery's; a batch without one, or whose picture will not load,
// shows a plain tile of the same size.
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeLayout } from '../../../test/fakeLayout';
import { fakeBatchesHost } from '../testing/fakeBatches';
import { listedBatch, listedBatchIds, renderBatches, resetBatchesUi } from '../testing/renderBatches';
import { DUNES, kites, SAMPLE_JOBS } from '../testing/sampleBatches';

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => resetBatchesUi());

const tile = (batchId: string) => within(listedBatch(batchId)).getByTestId('row-thumbnail');
const picture = (batchId: string) => tile(batchId).querySelector('img');

async function renderList() {
  renderBatches(fakeBatchesHost({ jobs: SAMPLE_JOBS, batches: [kites(), DUNES] }).loupe);
  await waitFor(() => expect(listedBatchIds()).toEqual(['dunes', 'kites']));
  await waitFor(() => expect(picture('kites')).not.toBeNull());
}

describe('pictures in the batch list', () => {
  it('shows a batch’s first picture’s thumbnail, and a plain tile for one with none', async () => {
    await renderList();
    const img = picture('kites')!;
    expect(img.getAttribute('src')).toBe('/asset-bytes/cap/local/thumbs/kite-a');
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('loading')).toBe('lazy');
    fireEvent.load(img);
    expect(tile('kites').dataset.state).toBe('loaded');
    // The finished dunes batch wrote nothing.
    expect(tile('dunes').dataset.state).toBe('none');
    expect(picture('dunes')).toBeNull();
  });

  it('falls back to the picture itself, then to the plain tile when neither will load, at the same size', async () => {
    await renderList();
    fireEvent.error(picture('kites')!);
    expect(picture('kites')?.getAttribute('src')).toBe('/asset-bytes/cap/local/kite-a');
    fireEvent.error(picture('kites')!);
    expect(tile('kites').dataset.state).toBe('failed');
    expect(picture('kites')).toBeNull();
    expect(tile('kites').style.height).toBe('40px');
    expect(listedBatch('kites').style.height).toBe('50px');
  });
});
