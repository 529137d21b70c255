// A Router run's saved media on the browser shell's asset route, over real HTTP: the URL models.run gives serves the
// bytes (with Range), under the per-launch capability exactly as asset bytes are; a wrong capability, a path that
// tries to climb out of the media folder, an index or run that is not there, and another profile's run all get a
// plain 404 and no bytes. Paths are sent raw: a fetch() would tidy the `..` away before it left.
import { profileCapability } from '../core/content';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRouterProfile, startRouterEnv, type RouterEnv } from '../core/router/testing/routerEnv';
import { startCoreWebHost } from './testing/coreWebHost';
import type { WebHost } from './webHost';

let env: RouterEnv;
let host: WebHost;
let mediaUrl: string;
let runId: string;
let otherProfileId: string;

beforeAll(async () => {
  env = await startRouterEnv();
  host = await startCoreWebHost(env.core);
  const run = await env.core.router.run(env.profileId, {
    modelId: 'sonora/tts-1',
    input: { text: 'a paid answer' },
    mode: 'sync',
  });
  runId = run.runId;
  mediaUrl = run.media[0]?.url ?? '';
  otherProfileId = await addRouterProfile(env.core, env.sim, 'other-key', 'other account');
  // The other profile has media of its own, so "not found" is about ownership, not an empty folder.
  await env.core.router.run(otherProfileId, {
    modelId: 'sonora/tts-1',
    input: { text: 'mine' },
    mode: 'sync',
  });
});
afterAll(async () => {
  await host.close();
  await env.close();
});

function raw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Buffer; type: string }> {
  const { hostname, port } = new URL(host.origin);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          type: String(res.headers['content-type']),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Router media on the browser shell’s asset route', () => {
  it('serves the URL models.run gave, with Range, under the capability', async () => {
    expect(mediaUrl).toBe(
      `/asset-bytes/${profileCapability(env.core.content.capability, env.profileId)}/${env.profileId}/router-media/${runId}/0`,
    );
    const whole = await raw(mediaUrl);
    expect(whole.status).toBe(200);
    expect(whole.type).toBe('audio/wav');
    expect(whole.body.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const part = await raw(mediaUrl, { range: 'bytes=8-11' });
    expect(part.status).toBe(206);
    expect(part.body.toString('latin1')).toBe('WAVE');
  });

  it('gives nothing for a wrong capability, a climb out of the folder, another index, run or profile', async () => {
    const capability = profileCapability(env.core.content.capability, env.profileId);
    const base = `/asset-bytes/${capability}`;
    const refused = [
      `/asset-bytes/${'x'.repeat(capability.length)}/${env.profileId}/router-media/${runId}/0`,
      `/asset-bytes/${capability.slice(1)}/${env.profileId}/router-media/${runId}/0`,
      `${base}/${env.profileId}/router-media/${runId}/1`,
      `${base}/${env.profileId}/router-media/${runId}/00`,
      `${base}/${env.profileId}/router-media/${runId}/-1`,
      `${base}/${env.profileId}/router-media/${runId}/0.wav`,
      `${base}/${env.profileId}/router-media/../../loupe.db`,
      `${base}/${env.profileId}/router-media/..%2F..%2F..%2Floupe.db/0`,
      `${base}/${env.profileId}/router-media/%2E%2E/0`,
      `${base}/${env.profileId}/router-media/${runId}/..%2F0`,
      `${base}/..%2F..%2Floupe.db/router-media/${runId}/0`,
      `${base}/${env.profileId}/router-media/${runId}/0/extra`,
      `${base}/${env.profileId}/router-media/00000000-0000-4000-8000-000000000000/0`,
      // Another profile asking for this profile's run, by its real id: with this profile's secret…
      `${base}/${otherProfileId}/router-media/${runId}/0`,
      // …and with its own (the run is not its).
      `/asset-bytes/${profileCapability(env.core.content.capability, otherProfileId)}/${otherProfileId}/router-media/${runId}/0`,
      // The launch's own secret opens nothing any more: only a profile's.
      `/asset-bytes/${env.core.content.capability}/${env.profileId}/router-media/${runId}/0`,
    ];
    for (const path of refused) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.subarray(0, 4).toString('latin1'), path).not.toBe('RIFF');
    }
  });

  it('finds a saved file only through the profile that owns the run', () => {
    expect(env.core.router.mediaFile(env.profileId, runId, 0)?.path).toMatch(/0\.wav$/);
    expect(env.core.router.mediaFile(otherProfileId, runId, 0)).toBeNull();
    expect(env.core.router.mediaFile(env.profileId, runId, 1)).toBeNull();
  });
});
