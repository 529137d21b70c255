// `loupe profiles` in a temporary data directory with an in-memory keychain: the key arrives on stdin, lives
// only in the keychain (never in the store file, never printed), and a saved profile drives other commands.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKeychain } from '../core/profiles/testing/fakeKeychain';
import { filesContaining } from '../core/profiles/testing/diskScan';
import { textToImageWorkflow } from '../simulator/jobs/sampleWorkflows';
import type { RunningSimulator } from '../simulator/server';
import { startFast } from '../simulator/testing/testKit';
import { cli } from './testing/cliHarness';

const canary = 'sk-canary-7f3a9c1e5b';

describe('loupe profiles', () => {
  let sim: RunningSimulator;
  let dataDir: string;
  const keychain = new FakeKeychain();
  const run = (argv: string[], stdin?: string) =>
    cli(['--data-dir', dataDir, ...argv], { keychain, ...(stdin === undefined ? {} : { stdin }) });

  beforeAll(async () => {
    sim = await startFast({ surface: 'serverless', apiKeys: [canary] });
    dataDir = mkdtempSync(join(tmpdir(), 'loupe-cli-profiles-'));
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds a profile with the key from stdin, keeping the key out of the store and the output', async () => {
    const added = await run(
      ['profiles', 'add', 'Sim', '--surface', 'serverless', '--url', sim.url, '--api-key-stdin'],
      `${canary}\n`,
    );
    expect(added.stderr).not.toContain('error');
    expect(added.code).toBe(0);
    expect([...keychain.entries.values()].join('\n')).toContain(canary);
    const listed = await run(['profiles', 'list', '--json']);
    const profiles = (listed.json()[0] as { profiles: Array<{ name: string; hasCredential: boolean }> })
      .profiles;
    expect(profiles.find((p) => p.name === 'Sim')?.hasCredential).toBe(true);
    for (const output of [added.stdout, added.stderr, listed.stdout, listed.stderr])
      expect(output).not.toContain(canary);
    expect(filesContaining(dataDir, canary)).toEqual([]);
  });

  it('uses the saved profile and its keychain credential for other commands', async () => {
    const test = await run(['profiles', 'test', 'Sim', '--json']);
    expect(test.code).toBe(0);
    expect(test.json()[0]).toMatchObject({
      profile: 'Sim',
      ok: true,
      baseUrl: sim.url,
      surface: 'serverless',
      reachable: true,
      credential: 'accepted',
      credentialAccepted: true,
      capabilities: { listsJobs: true, capturesLogs: true, router: true },
      problem: null,
    });
    await run(['profiles', 'use', 'Local proxy']);
    const activeBefore = (await run(['profiles', 'list', '--json'])).stdout;
    expect(JSON.parse(activeBefore)).toMatchObject({ activeProfileId: 'local' });
    const listing = await run(['--profile', 'sim', 'jobs', 'list', '--json']);
    expect(listing.code).toBe(0);
    expect(listing.json()[0]).toMatchObject({ source: 'service' });
    // --profile works on that profile in this run only: the app's active profile is not changed.
    expect((await run(['profiles', 'list', '--json'])).stdout).toBe(activeBefore);
  });

  it('reports a rejected key', async () => {
    await run(
      ['profiles', 'add', 'Wrong', '--surface', 'serverless', '--url', sim.url, '--api-key-stdin'],
      'not-the-key',
    );
    const test = await run(['profiles', 'test', 'Wrong']);
    expect(test.code).toBe(1);
    expect(test.stdout).toContain('  reachable    yes');
    expect(test.stdout).toContain('  credential   rejected (401)');
    expect(test.stdout).toContain('  problem      credential_rejected: ');
    expect(test.stdout).toContain('did not accept the saved API key');
    expect(test.stdout).toContain('  next         Check the API key');
    expect(test.stdout).not.toContain('not-the-key');
    const json = await run(['profiles', 'test', 'Wrong', '--json']);
    expect(json.code).toBe(1);
    expect(json.json()[0]).toMatchObject({
      ok: false,
      reachable: true,
      credential: 'rejected',
      credentialAccepted: false,
      problem: { code: 'credential_rejected' },
    });
    expect(json.stdout).not.toContain('not-the-key');
  });

  it('makes a profile active, then removes it with its key', async () => {
    expect((await run(['profiles', 'use', 'Sim'])).code).toBe(0);
    const active = await run(['jobs', 'list', '--json']);
    expect(active.code).toBe(0);
    const removed = await run(['profiles', 'remove', 'Sim']);
    expect(removed.code).toBe(0);
    expect([...keychain.entries.values()].join('\n')).not.toContain(canary);
    const listed = await run(['profiles', 'list', '--json']);
    expect(
      (listed.json()[0] as { profiles: Array<{ name: string }> }).profiles.map((p) => p.name),
    ).not.toContain('Sim');
    const after = await run(['jobs', 'list']);
    expect(after.code).toBe(2);
    expect(after.stderr).toContain('no_profile');
  });

  it('refuses a bad surface or address as usage errors, saving nothing', async () => {
    const surface = await run(['profiles', 'add', 'X', '--surface', 'cloud', '--url', sim.url]);
    expect(surface.code).toBe(2);
    expect(surface.stderr).toContain('--surface');
    const address = await run(['profiles', 'add', 'X', '--surface', 'managed', '--url', 'ftp://example.com']);
    expect(address.code).toBe(2);
    expect(address.stderr).toContain('http');
    const names = (
      (await run(['profiles', 'list', '--json'])).json()[0] as { profiles: Array<{ name: string }> }
    ).profiles;
    expect(names.map((p) => p.name)).not.toContain('X');
  });

  it('never writes an environment key anywhere, and keeps its connection out of the saved profiles', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'loupe-cli-envkey-'));
    const env = {
      LOUPE_BASE_URL: sim.url,
      LOUPE_SURFACE: 'serverless',
      LOUPE_API_KEY: canary,
      LOUPE_DATA_DIR: dataDir,
    };
    const keychain = new FakeKeychain();
    const workflowFile = join(dataDir, 'wf.json');
    writeFileSync(workflowFile, JSON.stringify(textToImageWorkflow()));
    const submitted = await cli(['jobs', 'submit', workflowFile, '--json'], { env, keychain });
    expect(submitted.code).toBe(0);
    const listing = await cli(['jobs', 'list', '--json'], { env, keychain });
    expect(listing.code).toBe(0);
    expect(listing.stdout + listing.stderr + submitted.stdout + submitted.stderr).not.toContain(canary);
    // The submission was written before it was sent, in the environment's own store, without its key.
    const files = readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.map((entry) => entry.name)).toContain('loupe.db');
    expect(filesContaining(dataDir, canary)).toEqual([]);
    expect(keychain.received).toEqual([]);
    // The app's profile list is untouched: the environment's connection is not a saved profile.
    const profiles = await cli(['profiles', 'list', '--json'], {
      env: { LOUPE_DATA_DIR: dataDir },
      keychain,
    });
    expect(profiles.stdout).not.toContain('LOUPE_BASE_URL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says clearly when the keychain is unavailable, and keeps no half-saved profile', async () => {
    const broken = new FakeKeychain(false);
    const added = await cli(
      [
        '--data-dir',
        dataDir,
        'profiles',
        'add',
        'NoKeychain',
        '--surface',
        'managed',
        '--url',
        sim.url,
        '--api-key-stdin',
      ],
      {
        keychain: broken,
        stdin: canary,
      },
    );
    expect(added.code).toBe(1);
    expect(added.stderr).toContain('keychain_unavailable');
    expect(added.stderr).toContain('LOUPE_API_KEY');
    const names = (
      (await run(['profiles', 'list', '--json'])).json()[0] as { profiles: Array<{ name: string }> }
    ).profiles;
    expect(names.map((p) => p.name)).not.toContain('NoKeychain');
    expect(filesContaining(dataDir, canary)).toEqual([]);
  });
});
