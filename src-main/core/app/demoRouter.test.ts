// The Demo profile shows the Router too: its server (the simulator) serves /v2/models on its own address, so a
// newcomer who picks the Demo sees the catalogue, whether or not the launcher names a separate Router address.
import { afterEach, describe, expect, it } from 'vitest';
import { modelCatalogueSchema, profileListSchema } from '../../../src-shared/contract';
import { createDemoLauncher } from '../../simulator/demoLauncher';
import type { DemoLauncher } from './demoSupervisor';
import { callOk, createTestCore, type TestCore } from './testing/testCore';

let core: TestCore | null = null;
afterEach(async () => {
  await core?.dispose();
  core = null;
});

/** The real Demo launcher, with its Router address left out (an older or differently built launcher). */
function withoutRouterAddress(): DemoLauncher {
  const real = createDemoLauncher();
  return {
    start: async () => {
      const { routerBaseUrl: _dropped, ...demo } = await real.start();
      return demo;
    },
  };
}

describe('the Demo profile’s Router', () => {
  it.each([
    ['as the launcher names it', createDemoLauncher],
    ['when the launcher names no Router address', withoutRouterAddress],
  ])(
    'lists the catalogue %s',
    async (_label, launcher) => {
      core = await createTestCore({ demo: launcher() });
      const list = profileListSchema.parse(await callOk(core, 'profiles.setActive', { profileId: 'demo' }));
      const demo = list.profiles.find((profile) => profile.id === 'demo');
      expect(demo?.routerBaseUrl).toBe(demo?.baseUrl);
      const catalogue = modelCatalogueSchema.parse(
        await callOk(core, 'models.catalogue', { profileId: 'demo' }),
      );
      expect(catalogue.kind).toBe('catalogue');
      if (catalogue.kind === 'catalogue') expect(catalogue.models.length).toBeGreaterThanOrEqual(29);
    },
    30_000,
  );
});
