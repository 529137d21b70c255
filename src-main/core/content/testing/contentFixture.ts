// Test support: core/content built the way createCore builds it, over a real store and profile service in a
// temporary directory, with a clock the test can move and a retry policy that never waits.
import { RetryPolicy } from '../../api';
import { CredentialVault, ProfileService, type Surface } from '../../profiles';
import { FakeKeychain } from '../../profiles/testing/fakeKeychain';
import { openStore, type LoupeStore } from '../../store';
import { makeTempDir, type TempDir } from '../../store/testing/tempDir';
import { createContentServices, type ContentServices, type PickFolder, type StartDrag } from '../index';

export interface ContentFixture {
  dir: TempDir;
  store: LoupeStore;
  profiles: ProfileService;
  content: ContentServices;
  /** What content logged as failed (a test expects none). */
  errors: string[];
  /** Moves Loupe's clock (not the simulator's). */
  advance(ms: number): void;
  /** Adds a profile (made active) for a service address, with a key when given. */
  addProfile(surface: Surface, baseUrl: string, key?: string): Promise<string>;
  dispose(): Promise<void>;
}

export interface ContentFixtureOptions {
  cacheMaxBytes?: number;
  shell?: 'electron' | 'browser';
  capability?: string;
  /** Another fixture's data directory, to reopen the same store and disk cache. */
  dir?: TempDir;
  /** The host's folder picker and drag starter (assets.saveToFolder, assets.dragOut); null by default. */
  pickFolder?: PickFolder | null;
  startDrag?: StartDrag | null;
}

export function contentFixture(options: ContentFixtureOptions = {}): ContentFixture {
  const dir = options.dir ?? makeTempDir('loupe-content-');
  const store = openStore(dir.file('loupe.db'));
  const profiles = new ProfileService({ store, vault: new CredentialVault(new FakeKeychain()) });
  let offsetMs = 0;
  const errors: string[] = [];
  const content = createContentServices({
    dataDir: dir.path,
    store,
    profiles,
    shell: options.shell ?? 'browser',
    clock: { now: () => Date.now() + offsetMs },
    retryPolicy: new RetryPolicy({ maxAttempts: 2, sleep: () => Promise.resolve(), random: () => 0 }),
    logError: (message, error) => errors.push(`${message}: ${String(error)}`),
    ...(options.cacheMaxBytes === undefined ? {} : { cacheMaxBytes: options.cacheMaxBytes }),
    ...(options.capability === undefined ? {} : { capability: options.capability }),
    pickFolder: options.pickFolder ?? null,
    startDrag: options.startDrag ?? null,
  });
  let count = 0;
  return {
    dir,
    store,
    profiles,
    content,
    errors,
    advance: (ms) => {
      offsetMs += ms;
    },
    addProfile: async (surface, baseUrl, key) => {
      count += 1;
      const profile = await profiles.create({ name: `${surface} ${count}`, surface, baseUrl });
      if (key !== undefined) await profiles.setCredential(profile.id, key);
      await profiles.setActive(profile.id);
      return profile.id;
    },
    dispose: async () => {
      await content.close();
      store.close();
      if (options.dir === undefined) dir.remove();
    },
  };
}
