// The overlapped read/hash pipeline of the hash worker (hashWorkerScript.ts): two buffers that take turns, reads
// by position, one job at a time. What would break if the turns or positions were wrong: digests at and
// around buffer boundaries, jobs sharing the buffers, a file changing under the reader, a cancel that must
// stop the reads and release the file. No timing here: speed is the bench's figure.
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  existsSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  truncateSync,
  utimesSync,
} from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HASH_CHUNK_BYTES } from './fileHasher';
import { nativeDigest, referenceDigest, withHasherFiles } from './testing/hasherKit';
import { HashCanceledError, HashFailedError } from './uploadErrors';

const KiB = 1024;
const MiB = 1024 * KiB;
/** A small buffer, so files of several buffers stay small. */
const C = 64 * KiB;

const { hasher, file, pathOf, root } = withHasherFiles('loupe-hash-pipe-');

describe('the overlapped hashing pipeline', () => {
  it.each([
    ['0', 0, C],
    ['1', 1, C],
    ['buffer - 1', C - 1, C],
    ['buffer', C, C],
    ['buffer + 1', C + 1, C],
    ['two buffers - 1', 2 * C - 1, C],
    ['two buffers', 2 * C, C],
    ['two buffers + 1', 2 * C + 1, C],
    ['seven buffers + an odd tail', 7 * C + 12_345, C],
    ['default buffer - 1', DEFAULT_HASH_CHUNK_BYTES - 1, undefined],
    ['default buffer', DEFAULT_HASH_CHUNK_BYTES, undefined],
    ['default buffer + 1', DEFAULT_HASH_CHUNK_BYTES + 1, undefined],
    ['three default buffers + an odd tail', 3 * DEFAULT_HASH_CHUNK_BYTES + 777, undefined],
  ])('equals b3sum on %s bytes, progress ending at the total', async (_label, size, chunkBytes) => {
    const path = file(`sized-${size}-${chunkBytes ?? 'default'}`, randomBytes(size));
    const progress: number[] = [];
    const options = chunkBytes === undefined ? {} : { chunkBytes, progressEveryBytes: chunkBytes };
    const digest = await hasher(options).hash(path, { onProgress: (n) => progress.push(n) });
    expect(digest.hash).toBe(referenceDigest(path));
    expect(digest.size).toBe(size);
    expect(progress.at(-1) ?? 0).toBe(size);
  });

  it('reports progress every so many bytes and then the total, even below the first step', async () => {
    const steps: number[] = [];
    const stepped = hasher({ chunkBytes: C, progressEveryBytes: 2 * C });
    await stepped.hash(file('steps', randomBytes(5 * C + 3)), { onProgress: (n) => steps.push(n) });
    expect(steps).toEqual([2 * C, 4 * C, 5 * C + 3]);

    // 5 MiB under the default step of 16 MiB: the only report is the total, so a bar still fills.
    const once: number[] = [];
    await hasher().hash(file('once', randomBytes(5 * MiB)), { onProgress: (n) => once.push(n) });
    expect(once).toEqual([5 * MiB]);
  });

  it('hashes files sent together one after another, never mixing their buffers', async () => {
    const shared = hasher({ chunkBytes: C });
    const contents = [5, 6, 7].map((n) => randomBytes(n * C + n * 101));
    const paths = contents.map((bytes, index) => file(`together-${index}`, bytes));
    const digests = await Promise.all(paths.map((path) => shared.hash(path)));
    expect(digests.map((d) => d.hash)).toEqual(contents.map(nativeDigest));
  });

  it.each(['shrinks', 'grows'] as const)(
    'gives the digest of the bytes it read when the file %s meanwhile, and the change shows',
    async (change) => {
      const original = randomBytes(8 * MiB);
      const extra = randomBytes(3 * MiB);
      const path = file(`changing-${change}`, original);
      // An mtime a minute back, so the change moves it even on a file system with coarse timestamps; whole
      // seconds, which survive the trip through utimes and stat exactly.
      const openedSeconds = Math.floor(Date.now() / 1000) - 60;
      utimesSync(path, openedSeconds, openedSeconds);
      let changed = false;
      const digest = await hasher({ chunkBytes: C, progressEveryBytes: C }).hash(path, {
        onProgress: () => {
          if (changed) return;
          changed = true;
          if (change === 'shrinks') truncateSync(path, MiB);
          else appendFileSync(path, extra);
        },
      });
      const now = statSync(path);
      // Whatever point the reader had reached, it hashed a prefix of the bytes the file held, and counted it.
      const everything = change === 'shrinks' ? original : Buffer.concat([original, extra]);
      expect(digest.hash).toBe(nativeDigest(everything.subarray(0, digest.size)));
      expect(digest.mtimeMs).toBe(openedSeconds * 1000);
      // What uploadFile checks before it sends a byte (changedSinceHashed): size or mtime no longer match.
      expect(now.size !== digest.size || now.mtimeMs !== digest.mtimeMs).toBe(true);
    },
  );

  it('hashes contiguous bytes while the file keeps growing in odd-sized steps', async () => {
    // Every append leaves the end of the file between buffer boundaries, so the reader meets short reads
    // with reads already issued past them; hashing what those return would leave a gap in the bytes.
    const path = file('growing', randomBytes(3 * C + 5));
    let appends = 0;
    const digest = await hasher({ chunkBytes: C, progressEveryBytes: C }).hash(path, {
      onProgress: () => {
        for (let step = 0; step < 4 && appends < 400; step++, appends++)
          appendFileSync(path, randomBytes(C / 2 + 3));
      },
    });
    expect(digest.hash).toBe(nativeDigest(readFileSync(path).subarray(0, digest.size)));
  });

  it.skipIf(!existsSync('/proc/self/io'))(
    'stops reading at a cancel, closes the file and takes the next job',
    async () => {
      // 1 GiB with no blocks on disk: reading it costs no disk, yet reading it all would show in the count.
      const big = pathOf('sparse-big');
      const fd = openSync(big, 'w');
      ftruncateSync(fd, 1024 * MiB);
      closeSync(fd);
      const small = hasher({ chunkBytes: C, progressEveryBytes: C });
      const readBefore = bytesReadByThisProcess();
      const controller = new AbortController();
      const pending = small.hash(big, { signal: controller.signal, onProgress: () => controller.abort() });
      await expect(pending).rejects.toBeInstanceOf(HashCanceledError);
      // The worker takes jobs in turn: this one runs once the canceled one has let go of its file.
      const next = await small.hash(file('after-cancel', Buffer.from('abc')));
      expect(next.hash).toBe(nativeDigest(Buffer.from('abc')));
      expect(bytesReadByThisProcess() - readBefore).toBeLessThan(256 * MiB);
      expect(openPaths()).not.toContain(big);
    },
  );

  it('refuses what is not a regular file', async () => {
    const failure = await hasher()
      .hash(root())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HashFailedError);
    expect((failure as HashFailedError).code).toBe('not_a_file');
  });
});

/** Bytes this process (every thread, the hash worker's and libuv's included) has had from read calls. */
function bytesReadByThisProcess(): number {
  const line = readFileSync('/proc/self/io', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('rchar:'));
  return Number(line?.split(':')[1] ?? Number.NaN);
}

function openPaths(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}
