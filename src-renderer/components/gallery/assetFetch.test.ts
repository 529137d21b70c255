import { afterEach, describe, expect, it, vi } from 'vitest';
import { AssetFetchError, fetchTextHead, probeAsset } from './assetFetch';

afterEach(() => vi.unstubAllGlobals());

function serve(response: () => Response) {
  const fetchMock = vi.fn(() => Promise.resolve(response()));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A body delivered in chunks, the way a route streams a file it does not cut to the Range. */
function chunked(parts: Uint8Array[], init: ResponseInit): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
  return new Response(stream, init);
}

describe('fetchTextHead', () => {
  it('asks for the first 64 KiB by Range and reads the full size from Content-Range', async () => {
    const fetchMock = serve(
      () => new Response('hello', { status: 206, headers: { 'content-range': 'bytes 0-4/900000' } }),
    );
    const head = await fetchTextHead('/asset-bytes/cap/p/a');
    expect(head).toEqual({ text: 'hello', truncated: true, totalBytes: 900000 });
    const init = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init[1].headers).get('range')).toBe('bytes=0-65535');
  });

  it('stops at the limit when the route sends the whole file, without a half character at the cut', async () => {
    const bytes = new TextEncoder().encode('ab€cd'); // € is three bytes: a b [e2 82 ac] c d
    serve(() => chunked([bytes.subarray(0, 3), bytes.subarray(3)], { status: 200 }));
    const head = await fetchTextHead('/x', undefined, 4);
    expect(head.text).toBe('ab');
    expect(head.truncated).toBe(true);
  });

  it('reads a short file whole and an empty one as empty', async () => {
    serve(() => new Response('short', { status: 200, headers: { 'content-length': '5' } }));
    expect(await fetchTextHead('/x')).toEqual({ text: 'short', truncated: false, totalBytes: 5 });
    serve(() => new Response(null, { status: 416 }));
    expect(await fetchTextHead('/x')).toEqual({ text: '', truncated: false, totalBytes: 0 });
  });

  it('turns the route’s failures into words with the status as the code', async () => {
    serve(() => new Response('gone', { status: 404 }));
    const error = await fetchTextHead('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssetFetchError);
    expect((error as AssetFetchError).code).toBe('asset_route_404');
    expect((error as AssetFetchError).message).toContain('deleted, expired');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const lost = await fetchTextHead('/x').catch((caught: unknown) => caught);
    expect((lost as AssetFetchError).code).toBe('unreachable');
  });
});

describe('probeAsset', () => {
  it('says why a load failed: a status, bytes that are not an image, or no answer', async () => {
    serve(() => new Response('', { status: 503 }));
    expect(await probeAsset('/x')).toMatchObject({ kind: 'http', status: 503 });
    serve(() => new Response('x', { status: 206 }));
    expect(await probeAsset('/x')).toMatchObject({ kind: 'undecodable' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await probeAsset('/x')).toMatchObject({ kind: 'unreachable' });
  });
});
