// An older self-hosted proxy without a job list (routing 404): jobs submitted through a saved profile are
// kept in the local history, and `jobs list` shows that history instead, saying so.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../simulator/server';
import { textToImageWorkflow } from '../simulator/jobs/sampleWorkflows';
import { startFast } from '../simulator/testing/testKit';
import { cli } from './testing/cliHarness';

describe('loupe on an older self-hosted proxy', () => {
  let sim: RunningSimulator;
  let dir: string;
  const run = (argv: string[]) => cli(['--data-dir', dir, ...argv]);

  beforeAll(async () => {
    sim = await startFast({ surface: 'self-hosted', legacySelfHosted: true });
    dir = mkdtempSync(join(tmpdir(), 'loupe-cli-legacy-'));
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the jobs this profile submitted from the local history', async () => {
    expect((await run(['profiles', 'add', 'Old', '--surface', 'self-hosted', '--url', sim.url])).code).toBe(
      0,
    );
    const workflow = join(dir, 'wf.json');
    writeFileSync(workflow, JSON.stringify(textToImageWorkflow()));
    const submitted = await run(['--profile', 'Old', 'jobs', 'submit', workflow, '--label', 'batch=7']);
    expect(submitted.code).toBe(0);
    const id = submitted.stdout.trim();

    const listed = await run(['--profile', 'Old', 'jobs', 'list', '--json']);
    expect(listed.code).toBe(0);
    expect(listed.stderr).toContain('cannot list jobs');
    const listing = listed.json()[0] as { source: string; jobs: Array<{ id: string; labels: object }> };
    expect(listing.source).toBe('local');
    expect(listing.jobs.map((job) => job.id)).toEqual([id]);
    expect(listing.jobs[0]?.labels).toEqual({ batch: '7' });
  });

  it('explains that this server keeps no logs', async () => {
    const workflow = join(dir, 'wf2.json');
    writeFileSync(workflow, JSON.stringify(textToImageWorkflow()));
    const id = (await run(['--profile', 'Old', 'jobs', 'submit', workflow])).stdout.trim();
    const logs = await run(['--profile', 'Old', 'jobs', 'logs', id]);
    expect(logs.code).toBe(0);
    expect(logs.stderr).toContain('does not keep job logs');
  });
});
