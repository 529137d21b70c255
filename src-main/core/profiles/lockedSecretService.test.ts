// The locked keychain on the real Secret Service (gnome-keyring on a private bus of this test's own, so the
// lock touches no other test): a key saved there, the keychain locked, and the profile's requests are not sent
// rather than sent without the key; a profile with no key still works. Each Loupe is a child process (the
// keychain library takes the bus from its process's environment), on a real store file, asking a real HTTP
// server that counts what reaches it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startTestServer, type TestServer } from '../api/testing/testServer';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import {
  canRunSecretService,
  startPrivateSecretService,
  type PrivateSecretService,
} from './testing/privateSecretService';

const scenario = new URL('./testing/lockedKeychainScenario.ts', import.meta.url).pathname;
const canary = `sk-locked-real-${Date.now().toString(36)}`;
let secretService: PrivateSecretService | null = null;
let dir: TempDir;
let api: TestServer;

interface Attempt {
  id: string;
  sent: boolean;
  kind?: string;
  message?: string;
}

/** One Loupe process on the data file, against the private Secret Service; its printed lines, parsed. */
async function runLoupe(step: 'save' | 'request'): Promise<unknown[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', scenario, step, dir.file('loupe.db'), api.origin, canary],
    { env: secretService?.env, timeout: 30_000 },
  );
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as unknown);
}

describe.runIf(canRunSecretService())('a locked Secret Service', () => {
  beforeAll(async () => {
    secretService = await startPrivateSecretService();
    dir = makeTempDir('loupe-locked-real-');
    api = await startTestServer((_request, response) => json(response, 200, { jobs: [] }));
  });
  afterAll(async () => {
    await api.close();
    dir.remove();
    secretService?.stop();
  });

  it('stops the requests of a profile whose key it holds, at every request, and only those', async () => {
    expect(await runLoupe('save')).toEqual([{ saved: 'keychain' }]);
    expect(await runLoupe('request')).toEqual([
      { id: 'real-1', sent: true },
      { id: 'real-1', sent: true },
      { id: 'real-1', sent: true },
      { id: 'real-2', sent: true },
    ]);
    expect(api.requests.map((request) => request.headers.authorization)).toEqual([
      `Bearer ${canary}`,
      `Bearer ${canary}`,
      `Bearer ${canary}`,
      undefined,
    ]);

    secretService?.lock();
    const locked = (await runLoupe('request')) as Attempt[];
    expect(locked.map(({ id, sent, kind }) => ({ id, sent, kind }))).toEqual([
      { id: 'real-1', sent: false, kind: 'credential' },
      { id: 'real-1', sent: false, kind: 'credential' },
      { id: 'real-1', sent: false, kind: 'credential' },
      { id: 'real-2', sent: true, kind: undefined },
    ]);
    expect(locked[0]?.message).toContain('Unlock or start the keychain');
    // Nothing more reached the server from the keyed profile, with a key or without.
    expect(api.requests).toHaveLength(5);
    expect(api.requests[4]?.headers.authorization).toBeUndefined();
  });
});
