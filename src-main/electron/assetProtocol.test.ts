// The loupe-asset:// handler with a typed fake of protocol.handle: what Electron would hand it (a web Request)
// and what it hands back (a web Response with a stream body), against the real responder and simulator.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetReply, AssetRequest, AssetResponderLike } from '../core/content';
import { expectAssetHeaders } from '../core/content/testing/assetHeaders';
import { uploadBytes } from '../core/content/testing/bytes';
import { contentFixture, type ContentFixture } from '../core/content/testing/contentFixture';
import { startSimulator, type RunningSimulator } from '../simulator/server';
import { FakeProtocol } from './fakes.test-support';
import { handleAssetProtocol } from './assetProtocol';

class RecordingResponder implements AssetResponderLike {
  readonly requests: AssetRequest[] = [];
  respond(request: AssetRequest): Promise<AssetReply> {
    this.requests.push(request);
    return Promise.resolve({ status: 200, headers: { 'content-type': 'text/plain' }, body: null });
  }
}

describe('loupe-asset:// in Electron', () => {
  let sim: RunningSimulator;
  let f: ContentFixture;
  let profileId: string;
  const bytes = randomBytes(20_000);
  let assetId: string;

  beforeAll(async () => {
    sim = await startSimulator({ surface: 'self-hosted' });
    assetId = (await uploadBytes(sim.url, null, bytes, 'take.wav', 'audio/wav')).id;
    f = contentFixture({ shell: 'electron' });
    profileId = await f.addProfile('self-hosted', sim.url);
  });
  afterAll(async () => {
    expect(f.errors).toEqual([]);
    await f.dispose();
    await sim.close();
  });

  it('registers one handler for the asset scheme, and serves the bytes with their headers', async () => {
    const protocol = new FakeProtocol();
    handleAssetProtocol(protocol, f.content.responder);
    expect([...protocol.handlers.keys()]).toEqual(['loupe-asset']);

    const response = await protocol.fetch(`loupe-asset://${profileId}/${assetId}`);
    expect(response.status).toBe(200);
    expectAssetHeaders(response.headers, 'audio/wav', bytes.length);
    expect(response.headers.get('access-control-allow-origin')).toBe('loupe-app://app');
    expect(response.body).toBeInstanceOf(ReadableStream);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('lets an audio element seek: Range in, 206 out; 416 beyond the end', async () => {
    const protocol = new FakeProtocol();
    handleAssetProtocol(protocol, f.content.responder);
    const url = `loupe-asset://${profileId}/${assetId}`;
    const part = await protocol.fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const beyond = await protocol.fetch(url, { headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    const head = await protocol.fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
  });

  it('turns the URL into profile and asset, and refuses anything else without asking the responder', async () => {
    const protocol = new FakeProtocol();
    const responder = new RecordingResponder();
    handleAssetProtocol(protocol, responder);
    await protocol.fetch('loupe-asset://p-1/asset-9', { headers: { range: 'bytes=0-1' } });
    expect(responder.requests).toMatchObject([
      { method: 'GET', profileId: 'p-1', assetId: 'asset-9', range: 'bytes=0-1' },
    ]);
    await protocol.fetch('loupe-asset://p-1/thumbs/asset-9');
    expect(responder.requests[1]).toMatchObject({ kind: 'thumb', profileId: 'p-1', assetId: 'asset-9' });
    for (const bad of [
      'loupe-asset://p-1/thumbs/',
      'loupe-asset://p-1/thumbs/a/b',
      'loupe-asset://p-1/',
      'loupe-asset://p-1/a/b',
      'loupe-asset://p-1/a?x=1',
      'loupe-asset:///a',
      'loupe-asset://p-1/%E0%A4%A',
    ]) {
      expect((await protocol.fetch(bad)).status, bad).toBe(404);
    }
    expect(responder.requests).toHaveLength(2);
  });
});
