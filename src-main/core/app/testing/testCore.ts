// Test support: a real core (SQLite file, profile service, dispatcher) in a temporary directory, with an
// in-memory keychain unless a test passes the real one.
import type { AppInfo } from '../../../../src-preload/contract';
import type { KeychainBackend } from '../../profiles';
import { FakeKeychain } from '../../profiles/testing/fakeKeychain';
import { makeTempDir } from '../../store/testing/tempDir';
import { createCore, type LoupeCore } from '../createCore';
import type { DemoLauncher } from '../demoSupervisor';

export interface TestCore extends LoupeCore {
  dataDir: string;
  keychain: KeychainBackend;
  dispose(): Promise<void>;
}

export interface TestCoreOptions {
  shell?: AppInfo['shell'];
  keychain?: KeychainBackend;
  demo?: DemoLauncher | null;
  /** Opens this data folder (a restart of an earlier core); dispose then closes without removing it. */
  dataDir?: string;
}

export async function createTestCore(options: TestCoreOptions = {}): Promise<TestCore> {
  const dir =
    options.dataDir === undefined
      ? makeTempDir('loupe-core-')
      : { path: options.dataDir, remove: () => undefined };
  const keychain = options.keychain ?? new FakeKeychain();
  const core = await createCore({
    dataDir: dir.path,
    appInfo: {
      name: 'Loupe',
      version: '0.0.0-test',
      shell: options.shell ?? 'browser',
      platform: process.platform,
      startedAt: new Date().toISOString(),
    },
    keychain,
    openExternal: null,
    demo: options.demo ?? null,
  });
  return {
    ...core,
    dataDir: dir.path,
    keychain,
    dispose: async () => {
      await core.close();
      dir.remove();
    },
  };
}
