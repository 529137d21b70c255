// Keeping from a service that misbehaves, over a real socket and the real transport (HttpClient on nodeFetch):
// 2xx headers then a dropped connection, a body longer than announced (endless, or a Content-Length beyond
// the entry's size), and a body that stops sending each leave no file under the hash name, nothing in
// incoming/, and the entry failed in words, never kept; a full disk says so and loses what was kept before.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpClient, nodeFetch, RetryPolicy } from '../../api';
import { okHead, startRawServer, type RawServer } from '../../api/testing/rawServer';
import { testConnection } from '../../api/testing/testServer';
import { connectCore, createTestCore, type TestCore } from '../../app/testing/testCore';
import type { WholeBytes } from '../../content/upstream';
import { makeTempDir, type TempDir } from '../../store/testing/tempDir';
import { Supervisor } from '../../supervision';
import { hexOf } from './libraryFolder';
import { LibraryKeep } from './libraryKeep';
import { blake3Of, insertEntries } from './testing/entries';

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  return { ...real, open: vi.fn(real.open) };
});

/** What the raw server does with a request: write to the socket as it likes. */
type Behaviour = (socket: Socket) => void;

let core: TestCore;
let dataDir: TempDir;
let server: RawServer;
let origin: string;
let profileId: string;
/** The size the service's asset record states (null: none). */
let stated: number | null;
let behaviour: Behaviour;

beforeEach(async () => {
  core = await createTestCore();
  stated = null;
  dataDir = makeTempDir('loupe-keep-faults-');
  server = await startRawServer((socket) => behaviour(socket));
  origin = server.origin;
  profileId = await connectCore(core, { surface: 'serverless', baseUrl: origin });
});
afterEach(async () => {
  await server.close();
  await core.dispose();
  dataDir.remove();
  vi.mocked(fsPromises.open).mockClear();
});

/** The service's whole file, fetched from the raw server the way UpstreamFetcher.fetchWhole does. */
function upstream(): { fetchWhole: () => Promise<WholeBytes> } {
  const http = new HttpClient({
    connection: testConnection(origin),
    fetch: nodeFetch,
    retryPolicy: new RetryPolicy({ maxAttempts: 1 }),
  });
  return {
    fetchWhole: async () => {
      const response = await http.send({ family: 'v2', method: 'GET', target: 'api/v2/assets/a/content' });
      const length = response.headers.get('content-length');
      return {
        body: response.nodeStream(),
        contentType: response.headers.get('content-type'),
        contentLength: length === null ? null : Number(length),
        facts: { hash: null, contentType: null, sizeBytes: stated },
      };
    },
  };
}

function keeper(): LibraryKeep {
  return new LibraryKeep({
    dataDir: dataDir.path,
    store: core.store,
    cache: { open: () => Promise.resolve(null) },
    upstream: upstream(),
    supervisor: new Supervisor(() => undefined),
    idleMs: 200,
  });
}

async function keepOne(bytes: Buffer): Promise<{ id: number; file: string; keep: LibraryKeep }> {
  const hash = blake3Of(bytes);
  const [id] = insertEntries(core.store.path, [{ profileId, assetId: 'a', size: bytes.length, hash }]);
  const keep = keeper();
  keep.keep([id ?? 0]);
  await keep.queue.idle();
  const hex = hexOf(hash) ?? '';
  return { id: id ?? 0, file: keep.folder.fileOf(hex, 'application/octet-stream'), keep };
}

function head(fields: string): string {
  return okHead('application/octet-stream', fields);
}

function expectNothingKept(id: number, file: string, words: RegExp): void {
  expect(existsSync(file)).toBe(false);
  expect(readdirSync(join(dataDir.path, 'library', 'incoming'))).toEqual([]);
  const entry = core.store.libraryKeep.get(id);
  expect(entry?.keepState).toBe('failed');
  expect(entry?.keepMessage).toMatch(words);
  expect(core.store.libraryKeep.usedBytesTotal()).toBe(0);
}

describe('keeping from a misbehaving service', () => {
  it('keeps nothing when the connection drops mid-body after 2xx headers', async () => {
    const bytes = randomBytes(3 * 1024 * 1024);
    behaviour = (socket) => {
      socket.write(head(`content-length: ${bytes.length}\r\n`));
      socket.write(bytes.subarray(0, 1024 * 1024 + 17), () => socket.destroy());
    };
    const { id, file } = await keepOne(bytes);
    expectNothingKept(id, file, /ended early/);
  });

  it('cuts off an endless body at the announced size and keeps nothing', async () => {
    const bytes = randomBytes(2 * 1024 * 1024);
    stated = bytes.length;
    let sent = 0;
    let closed = false;
    behaviour = (socket) => {
      socket.on('close', () => (closed = true));
      socket.write(head('connection: close\r\n'));
      const more = (): void => {
        while (!socket.destroyed) {
          sent += 64 * 1024;
          if (!socket.write(randomBytes(64 * 1024))) {
            socket.once('drain', more);
            return;
          }
        }
      };
      more();
    };
    const { id, file } = await keepOne(bytes);
    expectNothingKept(id, file, /more bytes than it announced/);
    await vi.waitFor(() => expect(closed).toBe(true));
    // Bounded: what the socket buffers took, not the endless rest.
    expect(sent).toBeLessThan(bytes.length + 32 * 1024 * 1024);
  });

  it('cuts off a Content-Length beyond the entry’s size at that size and keeps nothing', async () => {
    const bytes = randomBytes(1024 * 1024);
    const longer = Buffer.concat([bytes, randomBytes(1024 * 1024)]);
    behaviour = (socket) => {
      socket.write(head(`content-length: ${longer.length}\r\n`));
      socket.end(longer);
    };
    stated = longer.length;
    const { id, file } = await keepOne(bytes);
    expectNothingKept(id, file, /more bytes than it announced/);
  });

  it('cuts off a body that stops sending and keeps nothing', async () => {
    const bytes = randomBytes(500_000);
    behaviour = (socket) => {
      socket.write(head(`content-length: ${bytes.length}\r\n`));
      socket.write(bytes.subarray(0, 1000));
    };
    const { id, file } = await keepOne(bytes);
    expectNothingKept(id, file, /did not answer in time/);
  });

  it('says the disk is full and loses nothing kept before', async () => {
    const first = randomBytes(300_000);
    behaviour = (socket) => {
      socket.write(head(`content-length: ${first.length}\r\n`));
      socket.end(first);
    };
    const kept = await keepOne(first);
    expect(core.store.libraryKeep.get(kept.id)?.keepState).toBe('kept');

    const realOpen = (await vi.importActual<typeof import('node:fs/promises')>('node:fs/promises')).open;
    vi.mocked(fsPromises.open).mockImplementation(async (...args: Parameters<typeof realOpen>) => {
      const handle = await realOpen(...args);
      handle.writev = () => Promise.reject(Object.assign(new Error('no space left'), { code: 'ENOSPC' }));
      return handle;
    });
    const second = randomBytes(2 * 1024 * 1024);
    behaviour = (socket) => {
      socket.write(head(`content-length: ${second.length}\r\n`));
      socket.end(second);
    };
    const hash = blake3Of(second);
    const [id] = insertEntries(core.store.path, [{ profileId, assetId: 'b', size: second.length, hash }]);
    kept.keep.keep([id ?? 0]);
    await kept.keep.queue.idle();
    vi.mocked(fsPromises.open).mockImplementation(realOpen);

    const entry = core.store.libraryKeep.get(id ?? 0);
    expect(entry).toMatchObject({ keepState: 'failed' });
    expect(entry?.keepMessage).toMatch(/disk is full/);
    expect(existsSync(kept.keep.folder.fileOf(hexOf(hash) ?? '', 'application/octet-stream'))).toBe(false);
    expect(readdirSync(join(dataDir.path, 'library', 'incoming'))).toEqual([]);
    expect(core.store.libraryKeep.get(kept.id)?.keepState).toBe('kept');
    expect(readFileSync(kept.file).equals(first)).toBe(true);
  });
});
