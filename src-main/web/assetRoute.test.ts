// The browser shell's asset route over real HTTP, with the real core in front of the real simulator: the
// per-launch capability guards it, the bytes, ranges and security headers are those of the shared responder.
import { profileCapability } from '../core/content';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectCore, createTestCore, type TestCore } from '../core/app/testing/testCore';
import { clearSimRequests, simRequests } from '../core/api/testing/conformance/simulatorHarness';
import { expectAssetHeaders } from '../core/content/testing/assetHeaders';
import { uploadBytes } from '../core/content/testing/bytes';
import { startSimulator, type RunningSimulator } from '../simulator/server';
import { startCoreWebHost } from './testing/coreWebHost';
import type { WebHost } from './webHost';

const KEY = 'demo-key';
let sim: RunningSimulator;
let core: TestCore;
let host: WebHost;
let profileId: string;
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(5000, 7)]);
let imageId: string;
let htmlId: string;

beforeAll(async () => {
  sim = await startSimulator({ surface: 'serverless' });
  imageId = (await uploadBytes(sim.url, KEY, png, 'out.png', 'image/png')).id;
  const html = Buffer.from('<script>parent.postMessage("pwned", "*")</script>');
  htmlId = (await uploadBytes(sim.url, KEY, html, 'page.html', 'text/html')).id;
  core = await createTestCore();
  profileId = await connectCore(core, { surface: 'serverless', baseUrl: sim.url, key: KEY });
  host = await startCoreWebHost(core, {
    // The bundler puts the renderer's scripts under /assets/: the asset route must never shadow them.
    fillRendererRoot: (rendererRoot) => {
      mkdirSync(join(rendererRoot, 'assets'));
      writeFileSync(join(rendererRoot, 'assets', 'index-abc123.js'), 'console.log("renderer")');
    },
  });
});
afterAll(async () => {
  await host.close();
  await core.dispose();
  await sim.close();
});

async function assetBase(): Promise<string> {
  const result = await core.dispatcher.call('assets.base', { profileId });
  if (!result.ok) throw new Error(result.error.message);
  return z.object({ base: z.string() }).parse(result.value).base;
}

describe('the browser shell asset route', () => {
  it("leaves the renderer's own /assets/ files to the static server", async () => {
    const script = await fetch(`${host.origin}/assets/index-abc123.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('console.log("renderer")');
    expect(await assetBase()).not.toMatch(/^\/assets\//);
  });

  it('refuses a wrong or missing capability as a plain 404, before anything reaches the service', async () => {
    await clearSimRequests(sim);
    const own = profileCapability(core.content.capability, profileId);
    const wrong = 'A'.repeat(own.length);
    const other = await connectCore(core, {
      surface: 'serverless',
      baseUrl: sim.url,
      key: KEY,
      name: 'other',
    });
    for (const path of [
      `/asset-bytes/${wrong}/${profileId}/${imageId}`,
      `/asset-bytes/${profileId}/${imageId}`,
      `/asset-bytes/${own}x/${profileId}/${imageId}`,
      `/asset-bytes/${own}/${profileId}/${imageId}/extra`,
      // The launch's secret itself opens nothing: only a profile's own does.
      `/asset-bytes/${core.content.capability}/${profileId}/${imageId}`,
      // A profile not named in the capability: another profile's secret, this profile's asset.
      `/asset-bytes/${profileCapability(core.content.capability, other)}/${profileId}/${imageId}`,
      // This profile's secret, edited to name another profile.
      `/asset-bytes/${own}/${other}/${imageId}`,
    ]) {
      const response = await fetch(`${host.origin}${path}`);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
    // The WebSocket token is not the asset capability.
    const withToken = await fetch(`${host.origin}/asset-bytes/${host.token}/${profileId}/${imageId}`);
    expect(withToken.status).toBe(404);
    await withToken.body?.cancel();
    expect(await simRequests(sim)).toEqual([]);
  });

  it('serves the bytes with the right capability, at the base the contract gives', async () => {
    const base = await assetBase();
    expect(base).toBe(`/asset-bytes/${profileCapability(core.content.capability, profileId)}/`);
    expect(core.content.capability).not.toBe(host.token);
    const response = await fetch(`${host.origin}${base}${profileId}/${imageId}`);
    expect(response.status).toBe(200);
    expectAssetHeaders(response.headers, 'image/png', png.length);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
  });

  it('answers a Range with 206 and an impossible one with 416', async () => {
    const url = `${host.origin}${await assetBase()}${profileId}/${imageId}`;
    const part = await fetch(url, { headers: { range: 'bytes=1-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1-3/${png.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('PNG');
    const beyond = await fetch(url, { headers: { range: 'bytes=999999-' } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${png.length}`);
    await beyond.body?.cancel();
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(png.length));
  });

  it('guards the thumbs/ path like the asset path: capability, profile, and ids that cannot climb', async () => {
    await clearSimRequests(sim);
    const own = profileCapability(core.content.capability, profileId);
    const other = await connectCore(core, {
      surface: 'serverless',
      baseUrl: sim.url,
      key: KEY,
      name: 'thumbs',
    });
    for (const path of [
      `/asset-bytes/${'A'.repeat(own.length)}/${profileId}/thumbs/${imageId}`,
      `/asset-bytes/${profileId}/thumbs/${imageId}`,
      `/asset-bytes/${profileCapability(core.content.capability, other)}/${profileId}/thumbs/${imageId}`,
      `/asset-bytes/${own}/${profileId}/thumbs/..%2F..%2Floupe.db`,
      `/asset-bytes/${own}/${profileId}/thumbs/..`,
      `/asset-bytes/${own}/${profileId}/thumbz/${imageId}`,
    ]) {
      const response = await fetch(`${host.origin}${path}`);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
    // `thumbs/../..` is folded by the URL parser before it is sent: it never names a file either.
    const climbed = await fetch(`${host.origin}/asset-bytes/${own}/${profileId}/thumbs/../..`);
    expect(climbed.status).toBe(404);
    await climbed.body?.cancel();
    expect(await simRequests(sim)).toEqual([]);
    // With the right capability, an asset the library does not hold is a plain 404 in words.
    const missing = await fetch(`${host.origin}/asset-bytes/${own}/${profileId}/thumbs/${imageId}`);
    expect(missing.status).toBe(404);
    // Only a thumbnail's picture may be kept by the page: a failure is asked again next time.
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect(await missing.text()).toBe('This output is not in the library.');
  });

  it('serves an HTML output sandboxed and as a download, never as a page of ours', async () => {
    const response = await fetch(`${host.origin}${await assetBase()}${profileId}/${htmlId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(response.headers.get('content-disposition')).toBe('attachment');
    await response.body?.cancel();
  });
});
