// Uploads interrupted when Loupe last stopped: main lists them as finished batches whose files failed as
// `interrupted`; the tray shows each as a card to resume (Retry per file, or Resume all) or dismiss for good.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { UploadBatch, UploadFile } from '../../../../src-shared/contract';
import { fakeHost } from '../../../test/fakeHost';
import { renderWithLoupe } from '../../../test/renderWithLoupe';
import { ok } from '../../../test/reports';
import { resetUiState } from '../../../test/resetUiState';
import { AssetsScreen } from '../AssetsScreen';
import { fakeAssets, resetAssetsState } from '../testing/fakeAssets';
import { mainBatch, mainFile } from '../testing/fakeUploader';
import { uploadRow } from '../testing/renderUploader';
import { useUploads } from './uploadsStore';

beforeEach(() => {
  resetUiState('assets');
  resetAssetsState();
  useUploads.setState({ uploads: [] });
});

function interrupted(fileId: string, path: string, code: string, outcomeUnknown: boolean): UploadFile {
  return mainFile({
    fileId,
    path,
    relativePath: path.split('/').pop() ?? path,
    size: 1200,
    state: 'done',
    outcome: {
      kind: 'failed',
      code,
      message: 'Loupe stopped before the service answered this upload.',
      corruption: false,
      outcomeUnknown,
    },
  });
}

function setup(options: { onlyResumable?: boolean } = {}) {
  let restored: UploadBatch = mainBatch('restored', [
    interrupted('f1', '/home/me/shots/frame.png', 'interrupted', true),
    ...(options.onlyResumable === true
      ? []
      : [interrupted('f2', 'album/dropped.png', 'interrupted_page_file', true)]),
  ]);
  const others: UploadBatch[] = [
    // This session's own finished batch, and another profile's interrupted one: neither gets a card here.
    mainBatch('earlier', [
      mainFile({
        fileId: 'f1',
        relativePath: 'done.png',
        state: 'done',
        outcome: { kind: 'uploaded', assetId: 'a1', createdNew: true },
      }),
    ]),
    { ...mainBatch('elsewhere', [interrupted('f1', '/x/y.png', 'interrupted', false)]), profileId: 'other' },
  ];
  const host = fakeHost({
    ...fakeAssets([]).answers,
    'uploads.list': () => ok({ batches: [restored, ...others] }),
    'uploads.retry': () => ok({}),
    'uploads.forget': () => {
      restored = {
        ...restored,
        files: restored.files.map((file) => ({
          ...file,
          outcome: { kind: 'canceled', message: 'Dismissed after Loupe stopped; nothing more will be sent.' },
        })),
      };
      return ok({ forgotten: 2 });
    },
  });
  renderWithLoupe(<AssetsScreen />, host.loupe);
  return { host };
}

describe('uploads interrupted when Loupe last stopped', () => {
  it('get a card of their own that says what happened; only a file read from disk can be retried', async () => {
    setup();
    const note = await screen.findByTestId('upload-interrupted');
    expect(note.textContent).toContain('Interrupted when Loupe last stopped');
    expect(screen.getAllByTestId('upload-card')).toHaveLength(1);
    await waitFor(() => uploadRow('frame.png'));
    expect(within(uploadRow('frame.png')).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(within(uploadRow('dropped.png')).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(uploadRow('frame.png').textContent).toContain('Interrupted');
    // A page-dropped file is among them: the card says how that one is finished.
    expect(note.textContent).toContain('Drop these files again');
    // Nothing went out, and that is not shown as done.
    expect(screen.getByTestId('upload-sent').textContent).toBe('nothing sent');
    expect(screen.getByRole('progressbar', { name: 'Sent, all files' }).getAttribute('aria-valuenow')).toBe(
      '0',
    );
  });

  it('a card of files that can all be resumed says so', async () => {
    setup({ onlyResumable: true });
    const note = await screen.findByTestId('upload-interrupted');
    expect(note.textContent).toContain('Resuming checks the service by hash first');
    expect(note.textContent).not.toContain('Drop these files again');
  });

  it('Resume all retries every file that can be resumed, and nothing else', async () => {
    const { host } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Resume all' }));
    await waitFor(() => expect(host.calls.filter((c) => c.name === 'uploads.retry')).toHaveLength(1));
    expect(host.calls.find((c) => c.name === 'uploads.retry')?.args).toEqual({
      profileId: 'local',
      batchId: 'restored',
      fileId: 'f1',
    });
  });

  it('Dismiss forgets them in main, so the card does not come back', async () => {
    const { host } = setup();
    await screen.findByTestId('upload-interrupted');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('upload-card')).toBeNull());
    expect(host.calls.find((c) => c.name === 'uploads.forget')?.args).toEqual({
      profileId: 'local',
      batchId: 'restored',
    });
    // The list is read again after forgetting; the dismissed batch has no interrupted file left.
    await waitFor(() =>
      expect(host.calls.filter((c) => c.name === 'uploads.list').length).toBeGreaterThan(1),
    );
    expect(screen.queryByTestId('upload-card')).toBeNull();
  });
});
