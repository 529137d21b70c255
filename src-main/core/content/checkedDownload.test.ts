// The single-pass writer: whole bodies land hashed and synced in a temp file; a wrong hash, a short body, a body
// that breaks off, one longer than announced, one that stalls, and a disk that refuses the write each fail
// with their own code and leave nothing in the folder. A body longer than announced is read no further.
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { streamIntoFolder, type StreamCheck } from './checkedDownload';
import { blake3Of } from '../library/keep/testing/entries';

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return { ...real, open: vi.fn(real.open) };
});

const MiB = 1024 * 1024;
let dir: TempDir;
afterEach(() => {
  dir.remove();
  vi.mocked(fsPromises.open).mockClear();
});

function folder(): string {
  dir = makeTempDir('loupe-keep-stream-');
  return dir.path;
}

function chunked(bytes: Buffer, size = 64 * 1024): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks);
}

function checkOf(bytes: Buffer, more: Partial<StreamCheck> = {}): StreamCheck {
  return {
    expectedHash: blake3Of(bytes),
    expectedSize: bytes.length,
    maxBytes: bytes.length,
    idleMs: 60_000,
    ...more,
  };
}

describe('streamIntoFolder', () => {
  it('writes the whole body once, hashed on the way, into a temp file the caller names', async () => {
    const into = folder();
    const bytes = randomBytes(10 * MiB + 12_345);
    const written = await streamIntoFolder(into, chunked(bytes), checkOf(bytes));
    expect(written).toMatchObject({ bytes: bytes.length, hash: blake3Of(bytes) });
    expect(readFileSync(written.path).equals(bytes)).toBe(true);
    expect(readdirSync(into)).toHaveLength(1);
  });

  it('refuses bytes whose hash is not the expected one, leaving nothing', async () => {
    const into = folder();
    const bytes = randomBytes(300_000);
    await expect(
      streamIntoFolder(into, chunked(bytes), checkOf(bytes, { expectedHash: blake3Of(randomBytes(8)) })),
    ).rejects.toMatchObject({ code: 'download_corrupt' });
    expect(readdirSync(into)).toEqual([]);
  });

  it('refuses a body that ends short of its size, or breaks off, leaving nothing', async () => {
    const into = folder();
    const bytes = randomBytes(2 * MiB);
    await expect(
      streamIntoFolder(into, chunked(bytes.subarray(0, MiB + 5)), checkOf(bytes)),
    ).rejects.toMatchObject({ code: 'download_incomplete' });
    const breaking = Readable.from(
      (function* () {
        yield bytes.subarray(0, MiB);
        yield bytes.subarray(MiB, MiB + 100_000);
        throw new Error('socket hang up');
      })(),
    );
    await expect(streamIntoFolder(into, breaking, checkOf(bytes))).rejects.toMatchObject({
      code: 'download_incomplete',
    });
    expect(readdirSync(into)).toEqual([]);
  });

  it('cuts off a body longer than announced at the announced size, reading no further', async () => {
    const into = folder();
    const chunk = randomBytes(64 * 1024);
    let produced = 0;
    const endless = Readable.from(
      (function* () {
        for (;;) {
          produced += chunk.length;
          yield chunk;
        }
      })(),
    );
    const announced = 3 * MiB;
    await expect(
      streamIntoFolder(into, endless, {
        expectedHash: null,
        expectedSize: announced,
        maxBytes: announced,
        idleMs: 60_000,
      }),
    ).rejects.toMatchObject({ code: 'download_too_large' });
    expect(endless.destroyed).toBe(true);
    // What was read ahead is the stream's own buffer (16 chunks in object mode), not the endless rest.
    expect(produced).toBeLessThanOrEqual(announced + 20 * chunk.length);
    expect(readdirSync(into)).toEqual([]);
  });

  it('cuts off a body that stops sending', async () => {
    const into = folder();
    const stalled = new Readable({ read: () => undefined });
    stalled.push(randomBytes(1000));
    await expect(
      streamIntoFolder(into, stalled, {
        expectedHash: null,
        expectedSize: 5000,
        maxBytes: 5000,
        idleMs: 50,
      }),
    ).rejects.toMatchObject({ kind: 'timeout' });
    expect(stalled.destroyed).toBe(true);
    expect(readdirSync(into)).toEqual([]);
  });

  it('passes on a full disk as it is (ENOSPC), leaving nothing and reading no further', async () => {
    const into = folder();
    const realOpen = (await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')).open;
    vi.mocked(fsPromises.open).mockImplementationOnce(async (...args: Parameters<typeof realOpen>) => {
      const handle = await realOpen(...args);
      handle.writev = () => Promise.reject(Object.assign(new Error('no space left'), { code: 'ENOSPC' }));
      return handle;
    });
    const bytes = randomBytes(4 * MiB);
    const source = chunked(bytes);
    await expect(streamIntoFolder(into, source, checkOf(bytes))).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(source.destroyed).toBe(true);
    expect(readdirSync(into)).toEqual([]);
  });
});
