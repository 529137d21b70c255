// `loupe profiles add|edit --partner-key on|off` and what the CLI says when a partner node lacked the key
// (issue 20), against the managed simulator through real sockets: off by default, the job fails with the
// service's words and the CLI names the switch; turned on, the same workflow succeeds. The key never reaches
// the output or the data directory.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeKeychain } from '../core/profiles/testing/fakeKeychain';
import { filesContaining } from '../core/profiles/testing/diskScan';
import { partnerUnauthorizedMessage } from '../simulator/jobs/nodeEffects';
import { partnerImageWorkflow } from '../simulator/jobs/sampleWorkflows';
import type { RunningSimulator } from '../simulator/server';
import { startFast } from '../simulator/testing/testKit';
import { cli } from './testing/cliHarness';

const canary = 'sk-partner-cli-canary-2b8f';

interface ListedProfile {
  name: string;
  sendPartnerKey: boolean;
}

describe('loupe and partner nodes', () => {
  let sim: RunningSimulator;
  let dataDir: string;
  let workflow: string;
  const keychain = new FakeKeychain();
  const run = (argv: string[], stdin?: string) =>
    cli(['--data-dir', dataDir, ...argv], { keychain, ...(stdin === undefined ? {} : { stdin }) });
  const choiceOf = async (name: string): Promise<boolean | undefined> => {
    const listed = (await run(['profiles', 'list', '--json'])).json()[0] as { profiles: ListedProfile[] };
    return listed.profiles.find((profile) => profile.name === name)?.sendPartnerKey;
  };
  let failedJob = '';

  beforeAll(async () => {
    sim = await startFast({ surface: 'managed', apiKeys: [canary] });
    dataDir = mkdtempSync(join(tmpdir(), 'loupe-cli-partner-'));
    workflow = join(dataDir, 'partner.json');
    writeFileSync(workflow, JSON.stringify(partnerImageWorkflow()));
    const added = await run(
      ['profiles', 'add', 'Cloud', '--surface', 'managed', '--url', sim.url, '--api-key-stdin'],
      canary,
    );
    expect(added.code).toBe(0);
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is off unless turned on', async () => {
    expect(await choiceOf('Cloud')).toBe(false);
  });

  it('with it off, the partner job fails with the service’s words and the CLI says what to turn on', async () => {
    const submitted = await run(['--profile', 'Cloud', 'jobs', 'submit', workflow, '--wait']);
    expect(submitted.code).toBe(1);
    expect(submitted.stdout).toContain(partnerUnauthorizedMessage);
    expect(submitted.stderr).toContain('loupe profiles edit "Cloud" --partner-key on');
    failedJob = /Submitted (\S+)\./.exec(submitted.stderr)?.[1] ?? '';
    expect(failedJob).not.toBe('');
  });

  it('refuses a choice that is not on or off, and an edit that changes nothing', async () => {
    const maybe = await run(['profiles', 'edit', 'Cloud', '--partner-key', 'maybe']);
    expect(maybe.code).toBe(2);
    expect(maybe.stderr).toContain('use on or off');
    const nothing = await run(['profiles', 'edit', 'Cloud']);
    expect(nothing.code).toBe(2);
    expect(await choiceOf('Cloud')).toBe(false);
  });

  it('turned on with `profiles edit`, the same workflow succeeds', async () => {
    const edited = await run(['profiles', 'edit', 'Cloud', '--partner-key', 'on']);
    expect(edited.code).toBe(0);
    expect(edited.stdout).toContain('goes with workflows that use partner nodes');
    expect(await choiceOf('Cloud')).toBe(true);
    const submitted = await run(['--profile', 'Cloud', 'jobs', 'submit', workflow, '--wait']);
    expect(submitted.stderr).not.toContain('error');
    expect(submitted.code).toBe(0);
  });

  it('a job that failed before the choice was on is explained as such', async () => {
    const shown = await run(['--profile', 'Cloud', 'jobs', 'get', failedJob]);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toContain('submitted before that was turned on');
  });

  it('`profiles add --partner-key on` saves the choice with a new profile', async () => {
    const added = await run([
      'profiles',
      'add',
      'Chosen',
      '--surface',
      'managed',
      '--url',
      sim.url,
      '--partner-key',
      'on',
    ]);
    expect(added.code).toBe(0);
    expect(await choiceOf('Chosen')).toBe(true);
  });

  it('with it on and no key saved, says the key is missing', async () => {
    const open = await startFast({ surface: 'self-hosted' });
    try {
      await run([
        'profiles',
        'add',
        'Proxy',
        '--surface',
        'self-hosted',
        '--url',
        open.url,
        '--partner-key',
        'on',
      ]);
      const submitted = await run(['--profile', 'Proxy', 'jobs', 'submit', workflow, '--wait']);
      expect(submitted.code).toBe(1);
      expect(submitted.stderr).toContain('no key is saved');
      expect(submitted.stderr).toContain('--api-key-stdin');
    } finally {
      await open.close();
    }
  });

  it('never printed or stored the key', () => {
    expect(filesContaining(dataDir, canary)).toEqual([]);
  });
});
