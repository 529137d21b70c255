// The Demo profile through the contract: selecting it starts the built-in server (its address appears),
// leaving it stops the server. The launcher here is the real simulator, passed in as the hosts do.
import { afterEach, describe, expect, it } from 'vitest';
import { createDemoLauncher } from '../../simulator/demoLauncher';
import { createTestCore, type TestCore } from './testing/testCore';

let core: TestCore | null = null;
afterEach(async () => {
  await core?.dispose();
  core = null;
});

describe('the Demo profile', () => {
  it('starts its server when chosen and stops it when the user leaves it', async () => {
    core = await createTestCore({ demo: createDemoLauncher() });
    const first = await core.dispatcher.call('profiles.list', {});
    expect(first).toMatchObject({ ok: true, value: { activeProfileId: null } });

    const chosen = await core.dispatcher.call('profiles.setActive', { profileId: 'demo' });
    expect(chosen.ok).toBe(true);
    const demo = chosen.ok ? (chosen.value as { profiles: { id: string; baseUrl: string | null }[] }) : null;
    const baseUrl = demo?.profiles.find((p) => p.id === 'demo')?.baseUrl ?? null;
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(
      (await fetch(`${String(baseUrl)}/api/v2/jobs`, { headers: { authorization: 'Bearer demo-key' } }))
        .status,
    ).toBe(200);

    await core.dispatcher.call('profiles.setActive', { profileId: 'local' });
    await expect(fetch(`${String(baseUrl)}/api/v2/jobs`)).rejects.toThrow();
  });

  it('explains a Demo server that cannot start', async () => {
    core = await createTestCore({ demo: { start: () => Promise.reject(new Error('port in use')) } });
    expect(await core.dispatcher.call('profiles.setActive', { profileId: 'demo' })).toMatchObject({
      ok: false,
      error: { code: 'demo_failed_to_start', message: expect.stringContaining('port in use') as string },
    });
  });
});
