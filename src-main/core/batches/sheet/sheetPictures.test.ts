// A contact sheet's pictures from a service that misbehaves, over a real socket through the real AssetBytes:
// a body that stops sending, one that drops after 2xx headers and one that never ends each leave their cell
// empty (bounded in time and bytes) rather than hang or fail the sheet, and a good picture is read whole. The
// person's cancel still stops it.
import type { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { okHead, startRawServer, type RawServer } from '../../api/testing/rawServer';
import { connectCore, createTestCore, type TestCore } from '../../app/testing/testCore';
import type { SheetCell } from './sheetModel';
import { assetThumbs } from './sheetExport';

type Behaviour = (socket: Socket) => void;

let core: TestCore;
let server: RawServer;
let profileId: string;
let behaviour: Behaviour;
const picture = Buffer.from('a picture’s bytes, whatever they are'.repeat(100));

beforeEach(async () => {
  core = await createTestCore();
  server = await startRawServer((socket) => behaviour(socket));
  // Self-hosted: the content endpoint is asked directly, so every byte read is the raw server's.
  profileId = await connectCore(core, { surface: 'self-hosted', baseUrl: server.origin });
});
afterEach(async () => {
  await server.close();
  await core.dispose();
});

const cell: SheetCell = {
  item: 0,
  status: 'succeeded',
  failed: false,
  image: { assetId: 'a', name: 'a.png' },
};

function pictures(signal?: AbortSignal) {
  return assetThumbs({ store: core.store, bytes: core.content.bytes, profileId }, signal, 300);
}

function head(fields: string): string {
  return okHead('image/png', fields);
}

describe('a contact sheet’s pictures from a misbehaving service', () => {
  it('reads a good picture whole', async () => {
    behaviour = (socket) => {
      socket.write(head(`content-length: ${picture.length}\r\nconnection: close\r\n`));
      socket.end(picture);
    };
    expect((await pictures()(cell))?.equals(picture)).toBe(true);
  });

  it('leaves the cell empty when the body stops sending, after the silence, not forever', async () => {
    behaviour = (socket) => {
      socket.write(head(`content-length: ${picture.length}\r\n`));
      socket.write(picture.subarray(0, 100));
    };
    expect(await pictures()(cell)).toBeNull();
  });

  it('leaves the cell empty when the connection drops mid-body after 2xx headers', async () => {
    behaviour = (socket) => {
      socket.write(head(`content-length: ${picture.length}\r\n`));
      socket.write(picture.subarray(0, 100), () => socket.destroy());
    };
    expect(await pictures()(cell)).toBeNull();
  });

  it('cuts off a body that never ends at the cap and leaves the cell empty', async () => {
    let sent = 0;
    let closed = false;
    behaviour = (socket) => {
      socket.on('close', () => (closed = true));
      socket.write(head('connection: close\r\n'));
      const more = (): void => {
        while (!socket.destroyed) {
          sent += 256 * 1024;
          if (!socket.write(Buffer.alloc(256 * 1024, 3))) {
            socket.once('drain', more);
            return;
          }
        }
      };
      more();
    };
    expect(await pictures()(cell)).toBeNull();
    await vi.waitFor(() => expect(closed).toBe(true));
    // The 64 MiB cap and what the sockets buffer, not the endless rest.
    expect(sent).toBeLessThan(64 * 1024 * 1024 + 32 * 1024 * 1024);
  });

  it('stops when the person cancels, rather than leave a cell empty and go on', async () => {
    behaviour = (socket) => {
      socket.write(head(`content-length: ${picture.length}\r\n`));
      socket.write(picture.subarray(0, 100));
    };
    const cancel = new AbortController();
    const read = pictures(cancel.signal)(cell);
    setTimeout(() => cancel.abort(new Error('cancelled by the person')), 50);
    await expect(read).rejects.toThrow();
  });
});
