// Files uploaded from the inputs picker: the Assets screen's uploader (in the browser shell's way: the page
// hashes, main plans, the page sends what main asks for), and the assets they become join the selection, in
// file order after what was already picked, once the whole upload is done.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/reports';
import { knownAsset } from '../../assets/testing/fakeAssets';
import { dropOnWindow, mainBatch, mainFile, sizedFile } from '../../assets/testing/fakeUploader';
import {
  bindButton,
  idOf,
  inputsHost,
  KNOWN_ASSETS,
  lastPlan,
  MANY_STEPS,
  option,
  pickedCount,
  pickerOnLoadImage,
  pickerWithList,
  planWithLoadImage,
  withProgress,
} from './testing/inputsKit';
import { withNewBatchLayout } from './testing/renderNewBatch';

withNewBatchLayout();

const H1 = `blake3:${'11'.repeat(32)}`;
const H2 = `blake3:${'22'.repeat(32)}`;

/** pier.png, already on the service: done without sending (both snapshots of the first test carry it). */
const pierDeduplicated = () =>
  mainFile({
    fileId: 'f1',
    relativePath: 'pier.png',
    size: 1000,
    state: 'done',
    outcome: { kind: 'deduplicated', assetId: 'f1f1f1f1pier', bytesNotSent: 1000 },
  });

describe('New batch: uploading into the selection', () => {
  it(
    'uploaded files join the selection once they are all up, in file order',
    async () => {
      const host = inputsHost({
        overrides: {
          'uploads.prepareBytes': () =>
            ok({
              batchId: 'b1',
              files: [
                { fileId: 'f1', action: 'deduplicated', sendUrl: null },
                { fileId: 'f2', action: 'send', sendUrl: '/upload-bytes/cap/b1/f2' },
              ],
            }),
        },
      });
      const { loupe, emit } = withProgress(host.loupe);
      const { hashes, puts } = await planWithLoadImage(loupe);
      const dialog = await pickerWithList();
      fireEvent.click(option('kite.png'));

      const files = [sizedFile('pier.png', 1000, 'image/png'), sizedFile('cliff.png', 2000, 'image/png')];
      fireEvent.change(within(dialog).getByTestId('upload-file-input'), { target: { files } });
      await waitFor(() => expect(hashes).toHaveLength(1));
      hashes[0]!.finish(H1);
      await waitFor(() => expect(hashes).toHaveLength(2));
      hashes[1]!.finish(H2);
      await waitFor(() => expect(puts).toHaveLength(1));
      expect(puts[0]!.url).toBe('/upload-bytes/cap/b1/f2');
      puts[0]!.answer({ kind: 'answered', status: 200, error: null });
      await act(() => Promise.resolve());

      const upload = within(dialog).getByTestId('picker-upload');
      expect(upload.getAttribute('data-finished')).toBe('false');
      // One file is up, the other not yet: nothing joins until the upload is done.
      await waitFor(() =>
        expect(
          emit({
            type: 'snapshot',
            batch: mainBatch('b1', [
              pierDeduplicated(),
              mainFile({ fileId: 'f2', relativePath: 'cliff.png', size: 2000, state: 'sending' }),
            ]),
          }),
        ).toBeGreaterThan(0),
      );
      expect(pickedCount()).toBe('1 asset selected');

      host.setAssets([
        knownAsset({ assetId: 'f2f2f2f2clif', name: 'cliff.png', contentType: 'image/png' }),
        knownAsset({ assetId: 'f1f1f1f1pier', name: 'pier.png', contentType: 'image/png' }),
        ...KNOWN_ASSETS,
      ]);
      emit({
        type: 'snapshot',
        batch: mainBatch('b1', [
          pierDeduplicated(),
          mainFile({
            fileId: 'f2',
            relativePath: 'cliff.png',
            size: 2000,
            state: 'done',
            outcome: { kind: 'uploaded', assetId: 'f2f2f2f2clif', createdNew: true },
          }),
        ]),
      });
      await waitFor(() => expect(pickedCount()).toBe('3 assets selected'));
      expect(upload.textContent).toContain('2 joined the selection');
      // The list reads again and shows the new assets, chosen.
      await waitFor(() => expect(option('cliff.png').getAttribute('aria-selected')).toBe('true'));

      fireEvent.click(bindButton());
      await waitFor(() =>
        expect(lastPlan(host)?.axes).toEqual([
          {
            kind: 'inputs',
            target: '10.image',
            assetIds: [idOf('kite.png'), 'f1f1f1f1pier', 'f2f2f2f2clif'],
          },
        ]),
      );
      expect(screen.getByTestId('inputs-count').textContent).toBe('3 assets');
    },
    MANY_STEPS,
  );

  it('a file dropped while the picker is open is uploaded there, not read as a workflow', async () => {
    const { dialog, hashes } = await pickerOnLoadImage();
    const files = [sizedFile('pier.png', 1000, 'image/png')];
    dropOnWindow(files, 'dragover');
    expect(within(dialog).getByTestId('picker-drop-overlay').textContent).toContain(
      'Drop files to upload them',
    );
    expect(screen.queryByTestId('new-batch-drop')).toBeNull();
    dropOnWindow(files);
    await waitFor(() => expect(hashes).toHaveLength(1));
    expect(within(dialog).getByTestId('picker-upload')).toBeTruthy();
    expect(screen.queryByText(/neither a workflow/)).toBeNull();
    expect(screen.getByTestId('workflow-name').textContent).toBe('relight.json');
  });
});
