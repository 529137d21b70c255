// The uploader in the browser shell's way, over a fake host: files dropped on the window are hashed in order
// (the fake hasher stands in for the worker), planned by main in one batch, and the one main asks for is PUT;
// main's progress events finish the story. Also: corruption and its retry, cancel while hashing, a failed plan,
// the Electron seam (paths through the preload's bridge), and options the service would refuse.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../../test/fakeHost';
import { resetUiState } from '../../../test/resetUiState';
import { useAssetsUi } from '../assetsUiStore';
import { resetAssetsState } from '../testing/fakeAssets';
import {
  dropOnWindow,
  mainBatch,
  mainFile,
  sizedFile,
  type HashJob,
  type PutCall,
} from '../testing/fakeUploader';
import { electronInfo, renderUploader, stageOf, uploadRow } from '../testing/renderUploader';

const H1 = `blake3:${'11'.repeat(32)}`;
const H2 = `blake3:${'22'.repeat(32)}`;
const H3 = `blake3:${'33'.repeat(32)}`;

type Plan = { action: 'send' | 'deduplicated' | 'refused-too-large' | 'failed'; fileId: string };

beforeEach(() => {
  resetUiState('assets');
  resetAssetsState();
});
afterEach(() => {
  delete (globalThis as { loupeFiles?: unknown }).loupeFiles;
});

/** Main plans each dropped file as `plans` says, with a send address for those it asks to be sent. */
function setup(plans: Plan[], extra: Partial<Record<string, Answer>> = {}) {
  return renderUploader(
    plans.map((plan) => ({
      ...plan,
      sendUrl: plan.action === 'send' ? `/upload-bytes/cap/b1/${plan.fileId}` : null,
    })),
    extra,
  );
}

const summary = () => screen.getByTestId('upload-summary').textContent;

/** Settles a hash and lets the uploader's next steps (and React) run. */
async function finishHash(job: HashJob | undefined, hash: string) {
  job?.finish(hash);
  await act(() => Promise.resolve());
}

async function answerPut(call: PutCall | undefined) {
  call?.answer({ kind: 'answered', status: 200, error: null });
  await act(() => Promise.resolve());
}

describe('uploading from the browser shell', () => {
  it('hashes, plans, sends what main asks for, and sums it up', async () => {
    const { host, jobs, puts, emit } = setup([
      { fileId: 'f1', action: 'send' },
      { fileId: 'f2', action: 'deduplicated' },
      { fileId: 'f3', action: 'refused-too-large' },
    ]);
    await screen.findByText('No assets yet');
    const files = [
      sizedFile('a.png', 1000, 'image/png'),
      sizedFile('b.png', 2000, 'image/png'),
      sizedFile('huge.mov', 150_000_000, 'video/quicktime'),
    ];
    dropOnWindow(files, 'dragover');
    expect(screen.getByTestId('upload-drop-overlay').textContent).toContain('Drop files or folders');
    dropOnWindow(files);
    expect(screen.queryByTestId('upload-drop-overlay')).toBeNull();

    // One file hashes at a time, in order; the others wait. The big one is flagged before anything is sent.
    await waitFor(() => expect(jobs).toHaveLength(1));
    jobs[0]?.progress(500);
    expect(stageOf('a.png')).toBe('Hashing 50%');
    expect(stageOf('b.png')).toBe('Waiting to hash');
    expect(uploadRow('huge.mov').textContent).toContain('Over the 100 MB single-upload limit');
    await finishHash(jobs[0], H1);
    await finishHash(jobs[1], H2);
    await finishHash(jobs[2], H3);

    // Main plans all three at once, with what the page computed.
    await waitFor(() => expect(host.calls.some((c) => c.name === 'uploads.prepareBytes')).toBe(true));
    expect(host.calls.find((c) => c.name === 'uploads.prepareBytes')?.args).toEqual({
      profileId: 'local',
      files: [
        { name: 'a.png', size: 1000, hash: H1, contentType: 'image/png', relativePath: 'a.png' },
        { name: 'b.png', size: 2000, hash: H2, contentType: 'image/png', relativePath: 'b.png' },
        {
          name: 'huge.mov',
          size: 150_000_000,
          hash: H3,
          contentType: 'video/quicktime',
          relativePath: 'huge.mov',
        },
      ],
      options: {},
    });

    // Only the file main asked for is PUT, to the address main gave.
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.url).toBe('/upload-bytes/cap/b1/f1');
    expect(puts[0]?.file).toBe(files[0]);
    puts[0]?.progress(400);
    expect(stageOf('a.png')).toBe('Sending 40%');

    await emit({
      type: 'snapshot',
      batch: mainBatch('b1', [
        mainFile({ fileId: 'f1', relativePath: 'a.png', size: 1000, state: 'sending', bytesSent: 400 }),
        mainFile({
          fileId: 'f2',
          relativePath: 'b.png',
          size: 2000,
          state: 'done',
          outcome: { kind: 'deduplicated', assetId: 'asset-b', bytesNotSent: 2000 },
        }),
        mainFile({
          fileId: 'f3',
          relativePath: 'huge.mov',
          size: 150_000_000,
          state: 'done',
          outcome: {
            kind: 'refused-too-large',
            limitBytes: 100_000_000,
            message:
              'This file is 150 MB; the service accepts at most 100 MB in one upload. Nothing was sent.',
          },
        }),
      ]),
    });
    expect(stageOf('b.png')).toBe('Already on the server');
    expect(uploadRow('b.png').textContent).toContain('0 bytes sent');
    expect(stageOf('huge.mov')).toBe('Too large');
    expect(uploadRow('huge.mov').textContent).toContain('Nothing was sent');

    const listsBefore = host.calls.filter((c) => c.name === 'assets.list').length;
    await answerPut(puts[0]);
    await emit({
      type: 'update',
      batchId: 'b1',
      files: [
        mainFile({
          fileId: 'f1',
          relativePath: 'a.png',
          size: 1000,
          state: 'done',
          bytesSent: 1000,
          outcome: { kind: 'uploaded', assetId: 'asset-a', createdNew: true },
        }),
      ],
      summary: mainBatch('b1', []).summary,
      finished: true,
    });
    expect(stageOf('a.png')).toBe('Uploaded');
    expect(summary()).toBe('3 files, 1 already on the server, 1 uploaded, 1 too large, 2.00 kB not sent');
    expect(screen.getByTestId('upload-sent').textContent).toBe('1.00 kB of 1.00 kB');
    // New assets: the list is read again.
    await waitFor(() =>
      expect(host.calls.filter((c) => c.name === 'assets.list').length).toBeGreaterThan(listsBefore),
    );
  });

  it('shows a hash mismatch as corruption; Retry hashes again and sends under the new plan', async () => {
    const { host, jobs, puts, emit } = setup([{ fileId: 'f1', action: 'send' }], {
      'uploads.retryBytes': () => ({
        ok: true,
        value: { fileId: 'f1', action: 'send', sendUrl: '/upload-bytes/cap/b1/f1' },
      }),
    });
    await screen.findByText('No assets yet');
    const file = sizedFile('shifty.bin', 5000);
    dropOnWindow([file]);
    await waitFor(() => expect(jobs).toHaveLength(1));
    await finishHash(jobs[0], H1);
    await waitFor(() => expect(puts).toHaveLength(1));
    await answerPut(puts[0]);
    await emit({
      type: 'snapshot',
      batch: mainBatch('b1', [
        mainFile({
          fileId: 'f1',
          relativePath: 'shifty.bin',
          size: 5000,
          state: 'done',
          outcome: {
            kind: 'failed',
            code: 'hash_mismatch',
            message: 'The bytes that reached the service are not the bytes Loupe hashed.',
            corruption: true,
            outcomeUnknown: false,
          },
        }),
      ]),
    });
    expect(stageOf('shifty.bin')).toBe('Corrupted on the way');
    expect(uploadRow('shifty.bin').textContent).toContain('not the bytes Loupe hashed');
    fireEvent.click(within(uploadRow('shifty.bin')).getByRole('button', { name: 'Details' }));
    expect(uploadRow('shifty.bin').textContent).toContain('code: hash_mismatch');

    fireEvent.click(within(uploadRow('shifty.bin')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(jobs).toHaveLength(2));
    expect(stageOf('shifty.bin')).toBe('Hashing 0%');
    await finishHash(jobs[1], H2);
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(host.calls.find((c) => c.name === 'uploads.retryBytes')?.args).toEqual({
      profileId: 'local',
      batchId: 'b1',
      fileId: 'f1',
      size: 5000,
      hash: H2,
    });
  });

  it('cancels a file while it is hashing: nothing is planned or sent', async () => {
    const { host, jobs, puts } = setup([]);
    await screen.findByText('No assets yet');
    const input = screen.getAllByTestId('upload-file-input')[0];
    if (input === undefined) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [sizedFile('slow.bin', 9000)] } });
    await waitFor(() => expect(jobs).toHaveLength(1));
    fireEvent.click(within(uploadRow('slow.bin')).getByRole('button', { name: 'Cancel' }));
    expect(jobs[0]?.canceled).toBe(true);
    await waitFor(() => expect(stageOf('slow.bin')).toBe('Canceled'));
    expect(summary()).toBe('1 file, 1 canceled');
    expect(host.calls.some((c) => c.name === 'uploads.prepareBytes')).toBe(false);
    expect(puts).toHaveLength(0);
    expect(within(uploadRow('slow.bin')).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('says why when main cannot plan the files, and a retry tries again', async () => {
    let refuse = true;
    const { host, jobs } = setup([], {
      'uploads.prepareBytes': () =>
        refuse
          ? { ok: false, error: { code: 'unauthorized', message: 'The service refused the API key.' } }
          : {
              ok: true,
              value: { batchId: 'b2', files: [{ fileId: 'f1', action: 'deduplicated', sendUrl: null }] },
            },
    });
    await screen.findByText('No assets yet');
    dropOnWindow([sizedFile('a.txt', 10)]);
    await waitFor(() => expect(jobs).toHaveLength(1));
    await finishHash(jobs[0], H1);
    await waitFor(() => expect(stageOf('a.txt')).toBe('Failed'));
    expect(uploadRow('a.txt').textContent).toContain('The service refused the API key.');
    refuse = false;
    fireEvent.click(within(uploadRow('a.txt')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(jobs).toHaveLength(2));
    await finishHash(jobs[1], H1);
    await waitFor(() => expect(host.calls.filter((c) => c.name === 'uploads.prepareBytes')).toHaveLength(2));
  });
});

describe('where the bytes come from', () => {
  it('in Electron with the preload’s bridge, hands main grants, never paths, and hashes nothing in the page', async () => {
    const grant = 'G'.repeat(43);
    (globalThis as { loupeFiles?: unknown }).loupeFiles = {
      grantsFor: (files: File[]) =>
        Promise.resolve(files.map((file) => ({ grant, name: file.name, kind: 'file' }))),
    };
    const { host, jobs } = setup([], {
      'app.info': electronInfo,
      'uploads.start': () => ({ ok: true, value: { batchId: 'b9' } }),
    });
    await screen.findByText('No assets yet');
    await waitFor(() => expect(host.calls.some((c) => c.name === 'app.info')).toBe(true));
    dropOnWindow([sizedFile('a.png', 10)]);
    await waitFor(() => expect(host.calls.some((c) => c.name === 'uploads.start')).toBe(true));
    expect(host.calls.find((c) => c.name === 'uploads.start')?.args).toEqual({
      profileId: 'local',
      grants: [grant],
      options: {},
    });
    expect(jobs).toHaveLength(0);
  });

  it('in Electron, a file the bridge will not grant (not from a real drop) takes the page’s way', async () => {
    (globalThis as { loupeFiles?: unknown }).loupeFiles = {
      grantsFor: () => Promise.resolve(null),
    };
    const { host, jobs } = setup([], {
      'app.info': electronInfo,
    });
    await screen.findByText('No assets yet');
    await waitFor(() => expect(host.calls.some((c) => c.name === 'app.info')).toBe(true));
    dropOnWindow([sizedFile('made-by-a-page.png', 10)]);
    await waitFor(() => expect(jobs).toHaveLength(1));
    expect(host.calls.some((c) => c.name === 'uploads.start')).toBe(false);
  });

  it('in Electron, "Upload files…" opens main’s dialog and uploads what it grants', async () => {
    const grant = 'P'.repeat(43);
    const { host, jobs } = setup([], {
      'app.info': electronInfo,
      'uploads.pickFiles': () => ({
        ok: true,
        value: { grants: [{ grant, name: 'picked.png', kind: 'file' }] },
      }),
      'uploads.start': () => ({ ok: true, value: { batchId: 'b7' } }),
    });
    await screen.findByText('No assets yet');
    await waitFor(() => expect(host.calls.some((c) => c.name === 'app.info')).toBe(true));
    const [button] = await screen.findAllByRole('button', { name: 'Upload a folder…' });
    await waitFor(() => {
      fireEvent.click(button!);
      expect(host.calls.some((c) => c.name === 'uploads.pickFiles')).toBe(true);
    });
    expect(host.calls.find((c) => c.name === 'uploads.pickFiles')?.args).toEqual({ kind: 'folder' });
    await waitFor(() =>
      expect(host.calls.find((c) => c.name === 'uploads.start')?.args).toEqual({
        profileId: 'local',
        grants: [grant],
        options: {},
      }),
    );
    expect(jobs).toHaveLength(0);
  });

  it('in Electron, a canceled dialog starts nothing', async () => {
    const { host } = setup([], {
      'app.info': electronInfo,
      'uploads.pickFiles': () => ({ ok: true, value: { grants: [] } }),
    });
    await screen.findByText('No assets yet');
    await waitFor(() => expect(host.calls.some((c) => c.name === 'app.info')).toBe(true));
    const [button] = await screen.findAllByRole('button', { name: 'Upload files…' });
    await waitFor(() => {
      fireEvent.click(button!);
      expect(host.calls.some((c) => c.name === 'uploads.pickFiles')).toBe(true);
    });
    expect(host.calls.some((c) => c.name === 'uploads.start')).toBe(false);
    expect(screen.queryByTestId('upload-card')).toBeNull();
  });

  it('in the browser shell, "Upload files…" uses the page’s own picker, never main’s dialog', async () => {
    const { host } = setup([]);
    await screen.findByText('No assets yet');
    const input = screen.getAllByTestId('upload-file-input')[0] as HTMLInputElement;
    let clicked = 0;
    input.addEventListener('click', () => (clicked += 1));
    const [button] = screen.getAllByRole('button', { name: 'Upload files…' });
    fireEvent.click(button!);
    expect(clicked).toBe(1);
    expect(host.calls.some((c) => c.name === 'uploads.pickFiles')).toBe(false);
  });

  it('in Electron without the bridge, takes the page’s way', async () => {
    const { jobs } = setup([], {
      'app.info': electronInfo,
    });
    await screen.findByText('No assets yet');
    dropOnWindow([sizedFile('a.png', 10)]);
    await waitFor(() => expect(jobs).toHaveLength(1));
  });
});

describe('upload options', () => {
  it('sends folder, tags and expiry with the plan', async () => {
    const { host, jobs } = setup([{ fileId: 'f1', action: 'deduplicated' }]);
    await screen.findByText('No assets yet');
    fireEvent.click(screen.getByRole('button', { name: 'Options' }));
    fireEvent.change(screen.getByLabelText('Folder (file_path)'), { target: { value: '/inputs/' } });
    fireEvent.change(screen.getByLabelText('Tags'), { target: { value: 'portrait, ref, portrait' } });
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: '86400' } });
    dropOnWindow([sizedFile('a.png', 10)]);
    await waitFor(() => expect(jobs).toHaveLength(1));
    await finishHash(jobs[0], H1);
    await waitFor(() => expect(host.calls.some((c) => c.name === 'uploads.prepareBytes')).toBe(true));
    expect(host.calls.find((c) => c.name === 'uploads.prepareBytes')?.args).toMatchObject({
      options: { filePath: 'inputs', tags: ['portrait', 'ref'], expiresIn: 86_400 },
    });
  });

  it('starts nothing with options the service would refuse, and shows what is wrong', async () => {
    const { jobs } = setup([]);
    await screen.findByText('No assets yet');
    act(() => useAssetsUi.getState().setUploadOptions({ tags: 'x'.repeat(65) }));
    dropOnWindow([sizedFile('a.png', 10)]);
    const options = await screen.findByRole('region', { name: 'Upload options' });
    expect(options.textContent).toContain('Tags are 1 to 64 characters each');
    expect(jobs).toHaveLength(0);
    expect(screen.queryByTestId('upload-card')).toBeNull();
  });
});
