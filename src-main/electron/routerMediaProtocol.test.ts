// A Router run's saved media on Electron's loupe-asset:// scheme (typed fake of protocol.handle, real core, real
// simulator): loupe-asset://<profileId>/router-media/<runId>/<index> serves the bytes the run's detail names, and
// anything else under router-media (another profile, another index, encoded climbs) is a plain 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addRouterProfile, startRouterEnv, type RouterEnv } from '../core/router/testing/routerEnv';
import { FakeProtocol } from './fakes.test-support';
import { handleAssetProtocol } from './assetProtocol';

let env: RouterEnv;
let protocol: FakeProtocol;

beforeAll(async () => {
  env = await startRouterEnv({ core: { shell: 'electron' } });
  protocol = new FakeProtocol();
  handleAssetProtocol(protocol, env.core.content.responder);
});
afterAll(() => env.close());

describe('Router media on loupe-asset://', () => {
  it('serves the URL the run names, and nothing beside it', async () => {
    const run = await env.core.router.run(env.profileId, {
      modelId: 'sonora/tts-1',
      input: { text: 'hello' },
      mode: 'sync',
    });
    const url = run.media[0]?.url ?? '';
    expect(url).toBe(`loupe-asset://${env.profileId}/router-media/${run.runId}/0`);
    const whole = await protocol.fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    // Seen empty once on a loaded CI machine (a 0-byte saved file): the run's own record says what was saved.
    const saved = `saved: ${JSON.stringify(run.media[0])}`;
    expect(
      Buffer.from(await whole.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
      saved,
    ).toBe('RIFF');

    const other = await addRouterProfile(env.core, env.sim, 'other-key', 'other');
    for (const wrong of [
      `loupe-asset://${other}/router-media/${run.runId}/0`,
      `loupe-asset://${env.profileId}/router-media/${run.runId}/1`,
      `loupe-asset://${env.profileId}/router-media/${run.runId}/0?x=1`,
      `loupe-asset://${env.profileId}/router-media/%2E%2E/0`,
      `loupe-asset://${env.profileId}/router-media/${run.runId}%2F..%2F..%2F..%2Floupe.db/0`,
      `loupe-asset://${env.profileId}/router-media/${run.runId}`,
      `loupe-asset://${env.profileId}/other-media/${run.runId}/0`,
    ]) {
      const answer = await protocol.fetch(wrong);
      expect(answer.status, wrong).toBe(404);
    }
  });
});
