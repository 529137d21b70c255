// Test support for the uploader's screen: the Assets screen over a fake host, its hashing and PUTs done by
// the fakes in fakeUploader.ts (the test drives every step), main planning every hashed file into batch b1,
// and the tray's rows read by the file's path.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { BytesPlan, StreamEvent } from '../../../../src-shared/contract';
import { fakeHost, type Answer } from '../../../test/fakeHost';
import { renderWithLoupe } from '../../../test/renderWithLoupe';
import { ok } from '../../../test/reports';
import { AssetsScreen } from '../AssetsScreen';
import { UploaderToolsContext } from '../upload/useUploader';
import { fakeAssets } from './fakeAssets';
import { fakeHasher, fakePut } from './fakeUploader';

/** app.info as the Electron shell answers it: the uploader then offers main's grants and dialogs. */
export const electronInfo: Answer = () =>
  ok({
    name: 'Loupe',
    version: '9',
    shell: 'electron',
    platform: 'linux',
    startedAt: '2025-01-01T00:00:00Z',
  });

/** Renders the Assets screen with an empty library; main plans each batch as `plans` (answers in `extra` win). */
export function renderUploader(plans: readonly BytesPlan[], extra: Partial<Record<string, Answer>> = {}) {
  const { hasher, jobs } = fakeHasher();
  const { put, calls: puts } = fakePut();
  const host = fakeHost({
    ...fakeAssets([]).answers,
    'uploads.prepareBytes': () => ok({ batchId: 'b1', files: plans }),
    'uploads.cancel': () => ok({ canceled: 1 }),
    'uploads.list': () => ok({ batches: [] }),
    ...extra,
  });
  const rendered = renderWithLoupe(
    <UploaderToolsContext.Provider value={{ hasher, put }}>
      <AssetsScreen />
    </UploaderToolsContext.Provider>,
    host.loupe,
  );
  /** Sends main's progress event once the tray has subscribed. */
  const emit = async (event: StreamEvent<'uploads.progress'>) => {
    await waitFor(() => expect(host.emit('uploads.progress', event)).toBeGreaterThan(0));
  };
  return { host, jobs, puts, emit, ...rendered };
}

/** The tray's row for the file at `path`. */
export function uploadRow(path: string): HTMLElement {
  const found = screen.getAllByTestId('upload-file').find((el) => el.getAttribute('data-path') === path);
  if (found === undefined) throw new Error(`no row for ${path}`);
  return found;
}

/** The words the row for `path` shows for the file's stage. */
export const stageOf = (path: string) => within(uploadRow(path)).getByTestId('upload-file-stage').textContent;
