// The media a JSON output links to over http(s) are fetched and kept, with no credential at all (even on the
// Router's own origin: a link is not a Router call), and only when they are what they claim: a link answering with
// a page, or with more bytes than Loupe keeps, is left as a link in the output and not offered as a medium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from '../api/testing/testServer';
import { createTestCore, type TestCore } from '../app/testing/testCore';

let router: TestServer;
let core: TestCore;
let profileId: string;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(1000, 1)]);

beforeAll(async () => {
  router = await startTestServer((request, response) => {
    const origin = router.origin;
    if (request.method === 'POST') {
      json(
        response,
        200,
        {
          images: [
            { url: `${origin}/files/a.png`, content_type: 'image/png' },
            { url: `${origin}/files/page`, content_type: 'image/png' },
            { url: `${origin}/files/big.png`, content_type: 'image/png' },
          ],
          video: { url: 'https://media.example.invalid/clip.mp4', content_type: 'video/mp4' },
        },
        { 'x-svc-credits-used': '4' },
      );
    } else if (request.url === '/files/a.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    } else if (request.url === '/files/page') {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    } else if (request.url === '/files/big.png') {
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10_000, 2));
    } else {
      response.writeHead(404).end();
    }
  });
  core = await createTestCore({ router: { maxMediaBytes: 5000, maxAttempts: 1 } });
  const profile = await core.profiles.create({
    name: 'pictures',
    surface: 'managed',
    baseUrl: router.origin,
    routerBaseUrl: router.origin,
  });
  profileId = profile.id;
  await core.profiles.setCredential(profileId, 'secret-key');
});
afterAll(async () => {
  await core.dispose();
  await router.close();
});

describe('media linked from a JSON output', () => {
  it('are kept when they are pictures of a size Loupe keeps, fetched without the key', async () => {
    const run = await core.router.run(profileId, {
      modelId: 'acme/pics',
      input: { prompt: 'x' },
      mode: 'sync',
    });
    expect(run).toMatchObject({ state: 'completed', creditsUsed: 4 });
    expect(run.media).toHaveLength(1);
    expect(run.media[0]).toMatchObject({
      index: 0,
      kind: 'image',
      contentType: 'image/png',
      sizeBytes: png.length,
    });
    expect(run.media[0]?.url).toContain(`/router-media/${run.runId}/0`);
    const fetched = router.requests.filter((request) => request.url.startsWith('/files/'));
    expect(fetched.map((request) => request.url).sort()).toEqual([
      '/files/a.png',
      '/files/big.png',
      '/files/page',
    ]);
    for (const request of fetched) {
      expect(request.headers['x-api-key']).toBeUndefined();
      expect(request.headers.authorization).toBeUndefined();
    }
    const post = router.requests.find((request) => request.method === 'POST');
    expect(post?.headers['x-api-key']).toBe('secret-key');
    // The links not kept are still in the output, as the model gave them.
    expect(JSON.stringify(run.output)).toContain('/files/page');
  });
});
