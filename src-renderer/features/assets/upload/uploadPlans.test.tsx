// One owner for main's data (ARCHITECTURE rule 8, issue 11): main's plan for an upload (its batches, and each
// file's id, action and send address) is kept in React Query, never in the uploads store, and the tray still
// shows each file's state from it. The store is scanned for main's values, not only for the old field names,
// so the plan cannot come back under another name.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from '../../../../src-shared/contract';
import { fakeHost, type Answer } from '../../../test/fakeHost';
import { testQueryClient } from '../../../test/renderWithLoupe';
import { ok } from '../../../test/reports';
import { resetUiState } from '../../../test/resetUiState';
import { resetAssetsState } from '../testing/fakeAssets';
import { dropOnWindow, fakeHasher, fakePut, mainBatch, mainFile, sizedFile } from '../testing/fakeUploader';
import { electronInfo, renderUploader, stageOf, uploadRow } from '../testing/renderUploader';
import { startPageUpload } from './pageUpload';
import { uploadPlanQuery, type UploadPlan } from './uploadPlans';
import { useUploads, type LocalUpload } from './uploadsStore';

const hashOf = (n: number) => `blake3:${String(n).repeat(64)}`;

beforeEach(() => {
  resetUiState('assets');
  resetAssetsState();
});
afterEach(() => {
  vi.useRealTimers();
  delete (globalThis as { loupeFiles?: unknown }).loupeFiles;
});

/** Main plans a.png…c.png to be sent and d.png as already on the server, all in batch b1. */
const PLANS = [
  { fileId: 'f1', action: 'send', sendUrl: '/upload-bytes/cap/b1/f1' },
  { fileId: 'f2', action: 'send', sendUrl: '/upload-bytes/cap/b1/f2' },
  { fileId: 'f3', action: 'send', sendUrl: '/upload-bytes/cap/b1/f3' },
  { fileId: 'f4', action: 'deduplicated', sendUrl: null },
] as const;

/** Main's progress for d.png (PLANS[3]): done, deduplicated, nothing sent. */
const D_ALREADY_THERE: StreamEvent<'uploads.progress'> = {
  type: 'snapshot',
  batch: mainBatch('b1', [
    mainFile({
      fileId: 'f4',
      relativePath: 'd.png',
      size: 4000,
      state: 'done',
      outcome: { kind: 'deduplicated', assetId: 'asset-d', bytesNotSent: 4000 },
    }),
  ]),
};

/** What main answered, every string of it: none may turn up in the uploads store. */
const MAIN_VALUES = [
  'b1',
  'b9',
  'deduplicated',
  ...PLANS.flatMap((p) => (p.sendUrl === null ? [p.fileId] : [p.fileId, p.sendUrl])),
];

const setup = (extra: Partial<Record<string, Answer>> = {}) => renderUploader(PLANS, extra);

function onlyUpload(): LocalUpload {
  const [upload, ...more] = useUploads.getState().uploads;
  if (upload === undefined || more.length > 0) throw new Error('expected exactly one upload');
  return upload;
}

/** Every string held in the store's uploads (File objects are the page's own and are skipped). */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value instanceof Blob || value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(stringsIn);
}

/** Fails if main's plan is back in zustand, under its old names or any other. */
function expectNoPlanInStore(): void {
  for (const upload of useUploads.getState().uploads) {
    expect(Object.keys(upload)).not.toContain('batchIds');
    for (const file of upload.files) {
      for (const key of ['batchId', 'fileId', 'action', 'sendUrl'])
        expect(Object.keys(file)).not.toContain(key);
    }
  }
  const held = stringsIn(useUploads.getState().uploads);
  for (const value of MAIN_VALUES) expect(held).not.toContain(value);
}

/** Drops a.png…d.png and hashes them, so main plans them (PLANS). */
async function dropAndPlan(jobs: ReturnType<typeof setup>['jobs']) {
  dropOnWindow(['a.png', 'b.png', 'c.png', 'd.png'].map((name, i) => sizedFile(name, 1000 * (i + 1))));
  for (let index = 0; index < 4; index++) {
    await waitFor(() => expect(jobs).toHaveLength(index + 1));
    jobs[index]?.finish(hashOf(index + 1));
    await act(() => Promise.resolve());
  }
}

describe('main’s plan for an upload', () => {
  it('is kept in React Query, not in the uploads store, and the tray shows each file from it', async () => {
    const { host, jobs, puts, emit, client } = setup();
    await screen.findByText('No assets yet');
    await dropAndPlan(jobs);
    await waitFor(() => expect(puts).toHaveLength(2));

    const { id } = onlyUpload();
    expect(client.getQueryData(uploadPlanQuery(id).queryKey)).toEqual<UploadPlan>({
      batchIds: ['b1'],
      files: {
        k1: { batchId: 'b1', ...PLANS[0] },
        k2: { batchId: 'b1', ...PLANS[1] },
        k3: { batchId: 'b1', ...PLANS[2] },
        k4: { batchId: 'b1', ...PLANS[3] },
      },
    });
    expectNoPlanInStore();

    // The PUTs go to the addresses in the plan; the third waits for a lane, which only the plan can say.
    expect(puts.map((call) => call.url)).toEqual([PLANS[0].sendUrl, PLANS[1].sendUrl]);
    await waitFor(() => expect(stageOf('c.png')).toBe('Waiting to send'));
    expect(stageOf('d.png')).toBe('Checking with the service');

    // Main's progress reaches the right row through the plan's file id.
    await emit(D_ALREADY_THERE);
    await waitFor(() => expect(stageOf('d.png')).toBe('Already on the server'));

    // Cancel names main's ids, read from the plan.
    fireEvent.click(within(uploadRow('c.png')).getByRole('button', { name: 'Cancel' }));
    expect(host.calls.find((c) => c.name === 'uploads.cancel')?.args).toEqual({
      profileId: 'local',
      batchId: 'b1',
      fileId: 'f3',
    });
    expectNoPlanInStore();
  });

  it('is main’s batch for an upload main reads from disk, and its files show from uploads.progress', async () => {
    const grant = 'G'.repeat(43);
    (globalThis as { loupeFiles?: unknown }).loupeFiles = {
      grantsFor: (files: File[]) =>
        Promise.resolve(files.map((file) => ({ grant, name: file.name, kind: 'file' }))),
    };
    const { host, emit, client } = setup({
      'app.info': electronInfo,
      'uploads.start': () => ok({ batchId: 'b9' }),
    });
    await screen.findByText('No assets yet');
    await waitFor(() => expect(host.calls.some((c) => c.name === 'app.info')).toBe(true));
    dropOnWindow([sizedFile('disk.png', 10)]);

    await waitFor(() =>
      expect(client.getQueryData(uploadPlanQuery(onlyUpload().id).queryKey)?.batchIds).toEqual(['b9']),
    );
    expectNoPlanInStore();
    await emit({
      type: 'snapshot',
      batch: mainBatch('b9', [
        mainFile({ fileId: 'f1', relativePath: 'disk.png', size: 10, state: 'hashing' }),
      ]),
    });
    await waitFor(() => expect(stageOf('disk.png')).toBe('Hashing 0%'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel all' }));
    expect(host.calls.find((c) => c.name === 'uploads.cancel')?.args).toEqual({
      profileId: 'local',
      batchId: 'b9',
    });
  });

  it('outlives the screen: a plan written while nothing shows it is not collected', async () => {
    const { hasher, jobs } = fakeHasher();
    const { put } = fakePut();
    const host = fakeHost({ 'uploads.prepareBytes': () => ok({ batchId: 'b1', files: [PLANS[3]] }) });
    const client = testQueryClient();
    // No screen at all: the upload runs outside React, as it does while the Assets screen is closed.
    const collected = { files: [{ file: sizedFile('d.png', 4000), relativePath: 'd.png' }], leftOut: [] };
    const id = startPageUpload({ loupe: host.loupe, hasher, put, client }, 'local', collected, {});
    vi.useFakeTimers();
    jobs[0]?.finish(hashOf(4));
    const { queryKey } = uploadPlanQuery(id);
    await vi.waitFor(() => expect(client.getQueryData(queryKey)?.batchIds).toEqual(['b1']));
    // Far past the five minutes React Query keeps data that nothing observes.
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(client.getQueryData(queryKey)?.files.k1?.fileId).toBe('f4');
    expectNoPlanInStore();
  });

  it('goes with its card when the card is dismissed', async () => {
    const { jobs, emit, client } = setup({
      'uploads.prepareBytes': () => ok({ batchId: 'b1', files: [PLANS[3]] }),
    });
    await screen.findByText('No assets yet');
    dropOnWindow([sizedFile('d.png', 4000)]);
    await waitFor(() => expect(jobs).toHaveLength(1));
    jobs[0]?.finish(hashOf(4));
    const { queryKey } = uploadPlanQuery(onlyUpload().id);
    await waitFor(() => expect(client.getQueryData(queryKey)?.batchIds).toEqual(['b1']));
    await emit(D_ALREADY_THERE);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('upload-card')).toBeNull());
    expect(client.getQueryData(queryKey)).toBeUndefined();
  });
});
