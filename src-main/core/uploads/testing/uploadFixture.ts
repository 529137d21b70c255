// Test and bench support: a real store and profile service in a temporary directory, one active profile
// pointed at a service address, files to drop, and UploadServices built against them (closed on dispose).
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CredentialVault, ProfileService, type Surface } from '../../profiles';
import { FakeKeychain } from '../../profiles/testing/fakeKeychain';
import { openStore, type LoupeStore } from '../../store';
import { makeTempDir, type TempDir } from '../../store/testing/tempDir';
import { FileHasher } from '../fileHasher';
import { UploadService, type UploadServiceDeps } from '../uploadService';

export interface UploadTarget {
  surface: Surface;
  baseUrl: string;
  /** The API key, for managed and serverless. */
  key?: string;
}

export interface UploadFixture {
  dir: TempDir;
  store: LoupeStore;
  profiles: ProfileService;
  profileId: string;
  hasher: FileHasher;
  /** An UploadService over this store and profile; pass `connect` and limits to change how it sends. */
  service(overrides?: Partial<Omit<UploadServiceDeps, 'store' | 'profiles'>>): UploadService;
  /** Writes a file under the fixture's `drop/` folder and returns its absolute path. */
  file(relativePath: string, bytes: Uint8Array | string): string;
  dispose(): Promise<void>;
}

export async function uploadFixture(target: UploadTarget): Promise<UploadFixture> {
  const dir = makeTempDir('loupe-uploads-');
  const store = openStore(dir.file('loupe.db'));
  const profiles = new ProfileService({ store, vault: new CredentialVault(new FakeKeychain()) });
  const profile = await profiles.create({
    name: 'upload target',
    surface: target.surface,
    baseUrl: target.baseUrl,
  });
  if (target.key !== undefined) await profiles.setCredential(profile.id, target.key);
  await profiles.setActive(profile.id);
  const hasher = new FileHasher({ idleMs: 1000 });
  const services: UploadService[] = [];
  return {
    dir,
    store,
    profiles,
    profileId: profile.id,
    hasher,
    service: (overrides = {}) => {
      const service = new UploadService({ store, profiles, hasher, ...overrides });
      services.push(service);
      return service;
    },
    file: (relativePath, bytes) => {
      const path = join(dir.path, 'drop', relativePath);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bytes);
      return path;
    },
    dispose: async () => {
      await Promise.all(services.map((service) => service.close()));
      await hasher.close();
      store.close();
      dir.remove();
    },
  };
}
