// Test support: a real ProfileService (SQLite in a temporary directory, in-memory keychain) with helpers to
// add a profile for an address and key, and to set where the Demo server answers.
import { CredentialVault, ProfileService, type DemoEndpoint, type Surface } from '../../profiles';
import { FakeKeychain } from '../../profiles/testing/fakeKeychain';
import { openStore } from '../../store';
import { makeTempDir } from '../../store/testing/tempDir';

export interface ProfileFixture {
  profiles: ProfileService;
  add(input: { surface: Surface; baseUrl: string; key?: string; routerBaseUrl?: string }): Promise<string>;
  setDemo(endpoint: DemoEndpoint | null): void;
  dispose(): void;
}

export function profileFixture(): ProfileFixture {
  const dir = makeTempDir('loupe-capabilities-');
  const store = openStore(dir.file('loupe.db'));
  let demo: DemoEndpoint | null = null;
  let count = 0;
  const profiles = new ProfileService({
    store,
    vault: new CredentialVault(new FakeKeychain()),
    demoEndpoint: () => demo,
  });
  return {
    profiles,
    add: async ({ surface, baseUrl, key, routerBaseUrl }) => {
      count += 1;
      const profile = await profiles.create({
        name: `profile ${count}`,
        surface,
        baseUrl,
        ...(routerBaseUrl === undefined ? {} : { routerBaseUrl }),
      });
      if (key !== undefined) await profiles.setCredential(profile.id, key);
      return profile.id;
    },
    setDemo: (endpoint) => {
      demo = endpoint;
    },
    dispose: () => {
      store.close();
      dir.remove();
    },
  };
}
