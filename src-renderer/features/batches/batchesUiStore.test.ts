// What the Batches screen remembers: the outputs view and the sheet's cell size across launches (a saved value
// that is not one of them is ignored), and each batch's sheet layout only while the profile stays the same.
import { afterEach, describe, expect, it } from 'vitest';
import { useBatchesUi } from './batchesUiStore';

const SAVED = 'loupe.batches.ui';
afterEach(() => localStorage.removeItem(SAVED));

describe('the Batches UI store', () => {
  it('keeps the outputs view and cell size across launches, and ignores values it does not know', async () => {
    useBatchesUi.setState({ outputsView: 'sheet', sheetCellSize: 'medium' });
    useBatchesUi.getState().setOutputsView('gallery');
    useBatchesUi.getState().setSheetCellSize('large');
    expect(JSON.parse(localStorage.getItem(SAVED) ?? '{}')).toMatchObject({
      state: { outputsView: 'gallery', sheetCellSize: 'large' },
    });

    // A later launch reads them back...
    useBatchesUi.setState({ outputsView: 'sheet', sheetCellSize: 'medium' });
    localStorage.setItem(
      SAVED,
      JSON.stringify({ state: { outputsView: 'gallery', sheetCellSize: 'small' }, version: 1 }),
    );
    await useBatchesUi.persist.rehydrate();
    expect(useBatchesUi.getState()).toMatchObject({ outputsView: 'gallery', sheetCellSize: 'small' });

    // ...but not values it does not know. (State is set before the entry is written: every change is saved.)
    useBatchesUi.setState({ outputsView: 'sheet', sheetCellSize: 'medium' });
    localStorage.setItem(
      SAVED,
      JSON.stringify({ state: { listWidth: 500, outputsView: 'grid', sheetCellSize: 'huge' }, version: 1 }),
    );
    await useBatchesUi.persist.rehydrate();
    expect(useBatchesUi.getState()).toMatchObject({
      listWidth: 500,
      outputsView: 'sheet',
      sheetCellSize: 'medium',
    });
  });

  it('keeps each batch’s sheet layout by batch, and forgets them all for another profile', () => {
    useBatchesUi.setState({ profileId: 'a', sheetChoices: new Map() });
    const choice = { x: '3.cfg', y: '3.seed', filters: new Map([['6.text', '"a dune"']]) };
    useBatchesUi.getState().setSheetChoice('b1', choice);
    useBatchesUi.getState().setSheetChoice('b2', { ...choice, y: null });
    expect(useBatchesUi.getState().sheetChoices.get('b1')).toBe(choice);
    expect(useBatchesUi.getState().sheetChoices.get('b2')?.y).toBeNull();
    useBatchesUi.getState().enterProfile('a');
    expect(useBatchesUi.getState().sheetChoices.size).toBe(2);
    useBatchesUi.getState().enterProfile('other');
    expect(useBatchesUi.getState().sheetChoices.size).toBe(0);
    // Not kept across launches: a batch's layout is only worth keeping while its screen is in use.
    const saved = JSON.parse(localStorage.getItem(SAVED) ?? '{}') as { state?: object };
    expect(saved.state).not.toHaveProperty('sheetChoices');
  });

  it('opens a batch of a named profile in one step, starting that profile clean', () => {
    useBatchesUi.setState({ profileId: 'a', openBatchId: 'old', cursorId: 'old', sheetChoices: new Map() });
    useBatchesUi.getState().setSheetChoice('old', { x: '3.cfg', y: null, filters: new Map() });
    useBatchesUi.getState().showBatch('b', 'new');
    expect(useBatchesUi.getState()).toMatchObject({ profileId: 'b', openBatchId: 'new', cursorId: 'new' });
    expect(useBatchesUi.getState().sheetChoices.size).toBe(0);
    // The screen showing profile b enters it later: the batch stays open.
    useBatchesUi.getState().enterProfile('b');
    expect(useBatchesUi.getState().openBatchId).toBe('new');
    // On the same profile nothing else is dropped.
    useBatchesUi.getState().setSheetChoice('new', { x: '3.cfg', y: null, filters: new Map() });
    useBatchesUi.getState().showBatch('b', 'other');
    expect(useBatchesUi.getState().openBatchId).toBe('other');
    expect(useBatchesUi.getState().sheetChoices.size).toBe(1);
  });
});
