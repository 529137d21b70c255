// "Export sheet…" in the contact sheet's toolbar, over the fake host: it offers a PNG image or an HTML page,
// asks main for the sheet on the axes shown (the inputs, as batches.exportSheet names them), says it is
// working while main writes, then where the file went, or the error in words; a cancelled dialog says nothing.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallResult } from '../../../src-shared/protocol';
import { fakeLayout } from '../../test/fakeLayout';
import type { Answer } from '../../test/fakeHost';
import { CFGS, openBatch, PROMPTS, SEEDS, select } from './testing/contactSheetScreen';
import { fakeBatchesHost } from './testing/fakeBatches';
import { sweepBatch } from './testing/fakeContactSheet';
import { renderBatches, resetBatchesUi } from './testing/renderBatches';
import { SAMPLE_JOBS } from './testing/sampleBatches';

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => resetBatchesUi());

async function showWith(answer: Answer) {
  const batch = sweepBatch('grid', [SEEDS, CFGS, PROMPTS]);
  const host = fakeBatchesHost({
    jobs: SAMPLE_JOBS,
    batches: [batch],
    overrides: { 'batches.exportSheet': answer },
  });
  renderBatches(host.loupe);
  await openBatch(batch.id);
  await screen.findByRole('grid', { name: 'Contact sheet' });
  return { host, batch, asked: () => host.calls.filter((c) => c.name === 'batches.exportSheet') };
}

const exportButton = () => screen.getByTestId('sheet-export');

function choose(format: 'PNG image' | 'HTML page') {
  fireEvent.click(exportButton());
  fireEvent.click(
    within(screen.getByRole('group', { name: 'Export the sheet as' })).getByRole('button', { name: format }),
  );
}

describe('Export sheet…', () => {
  it('asks for the sheet on the axes shown, shows that it works meanwhile, then where the PNG went', async () => {
    let settle: (result: CallResult<unknown>) => void = () => undefined;
    const { asked, batch } = await showWith(
      () => new Promise<CallResult<unknown>>((resolve) => (settle = resolve)),
    );
    // cfg across, the prompt down: the inputs the toolbar shows now.
    fireEvent.change(select('X axis'), { target: { value: '1' } });
    fireEvent.change(select('Y axis'), { target: { value: '2' } });
    expect(exportButton().textContent).toBe('Export sheet…');
    expect(screen.queryByRole('group', { name: 'Export the sheet as' })).toBeNull();
    choose('PNG image');
    await waitFor(() => expect(asked()).toHaveLength(1));
    expect(asked()[0]?.args).toEqual({
      profileId: expect.any(String) as unknown,
      batchId: batch.id,
      x: '3.cfg',
      y: '6.text',
      format: 'png',
    });
    // The choice closes; the button says what runs and cannot start a second export meanwhile.
    expect(screen.queryByRole('group', { name: 'Export the sheet as' })).toBeNull();
    expect(exportButton().textContent).toBe(' Exporting the sheet as PNG…');
    expect((exportButton() as HTMLButtonElement).disabled).toBe(true);
    await act(async () => {
      settle({
        ok: true,
        value: {
          kind: 'saved',
          folder: '/home/me/Pictures',
          path: '/home/me/Pictures/grid contact sheet.png',
          format: 'png',
          cells: 12,
          width: 1204,
          height: 1100,
        },
      });
      await Promise.resolve();
    });
    const result = await screen.findByTestId('sheet-export-result');
    expect(result.textContent).toContain(
      'Saved the sheet as an image of 12 cells, 1,204 × 1,100 px, to /home/me/Pictures/grid contact sheet.png',
    );
    expect(within(result).getByRole('button', { name: 'Copy path' })).toBeTruthy();
    expect(exportButton().textContent).toBe('Export sheet…');
  });

  it('asks for HTML with one row when Y is none, and says where the page went', async () => {
    const { asked } = await showWith(() => ({
      ok: true,
      value: {
        kind: 'saved',
        folder: '/dl/Loupe/grid 2026-11-28 11.20',
        path: '/dl/Loupe/grid 2026-11-28 11.20/grid contact sheet.html',
        format: 'html',
        cells: 12,
        width: null,
        height: null,
      },
    }));
    fireEvent.change(select('Y axis'), { target: { value: 'none' } });
    choose('HTML page');
    await waitFor(() => expect(asked()).toHaveLength(1));
    expect(asked()[0]?.args).toMatchObject({ x: '3.seed', format: 'html' });
    expect(asked()[0]?.args).not.toHaveProperty('y');
    expect((await screen.findByTestId('sheet-export-result')).textContent).toContain(
      'Saved the sheet as a page of 12 cells to /dl/Loupe/grid 2026-11-28 11.20/grid contact sheet.html',
    );
  });

  it('says why when main refuses, says nothing after a cancelled dialog, and shows a host’s words as text', async () => {
    const answers: CallResult<unknown>[] = [
      { ok: true, value: { kind: 'cancelled' } },
      {
        ok: false,
        error: {
          code: 'sheet_too_large',
          message: '200 × 200 cells on 1 page do not fit in one image of 10000 × 10000 px.',
        },
      },
      { ok: true, value: { kind: 'not_available', message: 'No folder picker <b>here</b>.' } },
    ];
    const { asked } = await showWith(() => answers.shift() ?? { ok: true, value: { kind: 'cancelled' } });
    choose('PNG image');
    await waitFor(() => expect(asked()).toHaveLength(1));
    await waitFor(() => expect(exportButton().textContent).toBe('Export sheet…'));
    expect(screen.queryByTestId('sheet-export-result')).toBeNull();

    choose('PNG image');
    const refused = await screen.findByTestId('sheet-export-result');
    expect(refused.textContent).toContain(
      'The sheet was not saved: 200 × 200 cells on 1 page do not fit in one image of 10000 × 10000 px.',
    );

    choose('HTML page');
    await waitFor(() =>
      expect(screen.getByTestId('sheet-export-result').textContent).toBe('No folder picker <b>here</b>.'),
    );
    expect(screen.getByTestId('sheet-export-result').querySelector('b')).toBeNull();
  });
});
