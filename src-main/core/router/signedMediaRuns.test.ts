// Paid pictures linked by signed URLs that carry no extension and no content_type (the simulator's
// acme/imagegen-2-signed: `/_storage/<key>?ct=image%2Fpng&exp=…&sig=…`, refusing HEAD, dying in seconds here) are
// all kept, synchronous and queued, because the model's output schema says `images[].url` is a link: every byte
// equal to what storage served, fetched without the key, before the links expire. Against a Router with no
// schema at all, a link is kept by what the catalogue remembers the model makes, or else by asking the link
// (HEAD, then a ranged GET when the HEAD is refused); a link that answers with a page is left out.
import { afterEach, describe, expect, it } from 'vitest';
import type { RouterRunDetail } from '../../../src-shared/contracts/models';
import { startTestServer, json, type TestServer } from '../api/testing/testServer';
import { createTestCore, type TestCore } from '../app/testing/testCore';
import { eventually, routerRequests, startRouterEnv, type RouterEnv } from './testing/routerEnv';

const SIGNED = 'acme/imagegen-2-signed';
const TTL_MS = 3000;

let env: RouterEnv | null = null;
let server: TestServer | null = null;
let core: TestCore | null = null;
afterEach(async () => {
  await env?.close();
  await core?.dispose();
  await server?.close();
  env = null;
  server = null;
  core = null;
});

async function keptBytes(core: TestCore, profileId: string, run: RouterRunDetail): Promise<Buffer[]> {
  const files: Buffer[] = [];
  for (const medium of run.media) {
    const reply = await core.content.responder.respond({
      kind: 'router-media',
      method: 'GET',
      profileId,
      runId: run.runId,
      index: medium.index,
      range: null,
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    files.push(Buffer.from(await new Response(reply.body).arrayBuffer()));
  }
  return files;
}

/** The signed links of an output, and the bytes storage serves for each (fetched after Loupe kept them). */
function signedLinks(run: RouterRunDetail): string[] {
  const output = run.output as { images: { url: string }[] };
  return output.images.map((image) => image.url);
}

describe('a model whose pictures are signed links with no extension and no content_type', () => {
  it('has every picture of a synchronous run kept, byte for byte, fetched without the key', async () => {
    env = await startRouterEnv({ sim: { timing: { routerMediaUrlTtlMs: TTL_MS } } });
    const run = await env.core.router.run(env.profileId, {
      modelId: SIGNED,
      input: { prompt: 'a harbour at dawn', num_images: 4 },
      mode: 'sync',
    });
    // Sent once: reading the model's schema and fetching its links are not sends of the run.
    expect(run).toMatchObject({ state: 'completed', creditsUsed: 4, attempts: 1 });
    expect(run.media.map((medium) => [medium.index, medium.kind, medium.contentType])).toEqual([
      [0, 'image', 'image/png'],
      [1, 'image', 'image/png'],
      [2, 'image', 'image/png'],
      [3, 'image', 'image/png'],
    ]);
    for (const medium of run.media) expect(medium.name).toMatch(/^imagegen-2-signed-[0-9a-f]{8}-\d\.png$/);
    const kept = await keptBytes(env.core, env.profileId, run);
    const links = signedLinks(run);
    for (const [index, link] of links.entries()) {
      expect(link).toMatch(/\/_storage\/[0-9a-f]{32}\?ct=image%2Fpng&exp=\d+&sig=/);
      const served = Buffer.from(await (await fetch(link)).arrayBuffer());
      expect(kept[index]?.equals(served)).toBe(true);
      expect(served.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    // The schema said what they were: no HEAD was needed, and storage never saw the key.
    const storage = env.sim.control.requests().filter((request) => request.path.startsWith('/_storage/'));
    expect(storage.filter((request) => request.method === 'HEAD')).toEqual([]);
    expect(storage.some((request) => request.credentials)).toBe(false);
    expect(routerRequests(env.sim, `/v2/models/${SIGNED}/openapi.json`, 'GET')).toHaveLength(1);

    // Once the links are dead, the pictures are still there.
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 100));
    expect((await fetch(links[0] ?? '')).status).toBe(403);
    expect(
      (await keptBytes(env.core, env.profileId, env.core.router.getRun(env.profileId, run.runId))).length,
    ).toBe(4);
  });

  it('has every picture of a queued run kept when its result is collected', async () => {
    env = await startRouterEnv({
      sim: { timing: { routerMediaUrlTtlMs: TTL_MS } },
      core: { router: { queueWatch: { minPollMs: 20, maxPollMs: 50 } } },
    });
    const admitted = await env.core.router.run(env.profileId, {
      modelId: SIGNED,
      input: { prompt: 'queued harbour', num_images: 2 },
      mode: 'queued',
    });
    const done = await env.core.router.waitForRun(env.profileId, admitted.runId);
    expect(done.state).toBe('completed');
    // The answer is recorded first; its pictures are saved right after (here by the app's own watcher, maybe).
    const current = env;
    const run = await eventually(() => {
      const looked = current.core.router.getRun(current.profileId, admitted.runId);
      return looked.media.length === 2 && looked.media.every((medium) => medium.url !== null)
        ? looked
        : undefined;
    });
    expect(run.media.map((medium) => medium.contentType)).toEqual(['image/png', 'image/png']);
    const kept = await keptBytes(env.core, env.profileId, run);
    for (const [index, link] of signedLinks(run).entries()) {
      expect(kept[index]?.equals(Buffer.from(await (await fetch(link)).arrayBuffer()))).toBe(true);
    }
  });
});

describe('links of a Router that publishes no output schema', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(300, 7),
  ]);

  async function start(): Promise<string> {
    server = await startTestServer((request, response) => {
      const origin = server?.origin ?? '';
      if (request.method === 'POST') {
        json(response, 200, {
          result: [`${origin}/_storage/aaa?sig=1`, `${origin}/_storage/page?sig=2`],
          bucket: `${origin}/_storage/octet?sig=3`,
        });
      } else if (request.url.startsWith('/_storage/') && request.method === 'HEAD') {
        // Signed for GET only, as an object store's pre-signed URL.
        response.writeHead(403, { 'content-type': 'application/xml' }).end();
      } else if (request.url.startsWith('/_storage/aaa')) {
        const ranged = request.headers.range === 'bytes=0-0';
        response.writeHead(ranged ? 206 : 200, { 'content-type': 'image/png' });
        response.end(ranged ? png.subarray(0, 1) : png);
      } else if (request.url.startsWith('/_storage/page')) {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<p>not a picture</p>');
      } else if (request.url.startsWith('/_storage/octet')) {
        // What object stores answer for a file uploaded without a type: only the bytes can say.
        response.writeHead(200, { 'content-type': 'binary/octet-stream' }).end(png);
      } else {
        json(response, 404, { detail: 'no such thing', error_type: 'model_not_found' });
      }
    });
    core = await createTestCore({ router: { maxAttempts: 1 } });
    const profile = await core.profiles.create({
      name: 'bare router',
      surface: 'serverless',
      baseUrl: server.origin,
      routerBaseUrl: server.origin,
    });
    await core.profiles.setCredential(profile.id, 'secret-key');
    return profile.id;
  }

  it('asks each link (HEAD, then a ranged GET), keeps the pictures, leaves the page, never sends the key', async () => {
    const profileId = await start();
    const run = await core!.router.run(profileId, { modelId: 'acme/bare', input: {}, mode: 'sync' });
    expect(run.state).toBe('completed');
    expect(run.media.map((medium) => [medium.index, medium.kind, medium.contentType])).toEqual([
      [0, 'image', 'image/png'],
    ]);
    expect((await keptBytes(core!, profileId, run))[0]?.equals(png)).toBe(true);
    const asked = server!.requests.filter((request) => request.url.startsWith('/_storage/aaa'));
    expect(asked.map((request) => [request.method, request.headers.range ?? null])).toEqual([
      ['HEAD', null],
      ['GET', 'bytes=0-0'],
      ['GET', null],
    ]);
    // The octet-stream link answers a type that is no medium's: nothing says it is a picture, so it is left.
    expect(JSON.stringify(run.output)).toContain('/_storage/page');
    for (const request of server!.requests.filter((r) => r.url.startsWith('/_storage/'))) {
      expect(request.headers['x-api-key']).toBeUndefined();
      expect(request.headers.authorization).toBeUndefined();
    }
  });

  it('keeps them without asking when the catalogue remembers the model makes images; its bytes name the type', async () => {
    const profileId = await start();
    core!.store.routerCatalogue.setFacts(profileId, 'acme/bare', {
      outputKind: 'image',
      outputContentType: 'application/json',
    });
    const run = await core!.router.run(profileId, { modelId: 'acme/bare', input: {}, mode: 'sync' });
    // The page is fetched as the picture the model said and refused for what it is; the octet-stream is sniffed.
    expect(run.media.map((medium) => [medium.index, medium.kind, medium.contentType])).toEqual([
      [0, 'image', 'image/png'],
      [2, 'image', 'image/png'],
    ]);
    expect(run.media[1]?.name).toMatch(/-3\.png$/);
    const kept = await keptBytes(core!, profileId, run);
    expect(kept.every((bytes) => bytes.equals(png))).toBe(true);
    expect(server!.requests.filter((request) => request.method === 'HEAD')).toEqual([]);
  });
});
