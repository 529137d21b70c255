// The CLI on a job of more outputs than a snapshot lists: `jobs get` says how many more there are and where,
// `jobs outputs` lists (and would download) every one, a page at a time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_OUTPUTS } from '../../src-shared/contracts/jobs';
import type { RunningSimulator } from '../simulator/server';
import { manyOutputsWorkflow } from '../simulator/jobs/sampleWorkflows';
import { startFast } from '../simulator/testing/testKit';
import { cli, simulatorEnv } from './testing/cliHarness';

describe('loupe on a job of 1,200 outputs', () => {
  let sim: RunningSimulator;
  let dir: string;
  let env: Record<string, string>;
  let jobId: string;

  beforeAll(async () => {
    sim = await startFast({ surface: 'serverless' });
    dir = mkdtempSync(join(tmpdir(), 'loupe-cli-many-'));
    env = simulatorEnv(sim.url, 'serverless', 'demo-key');
    const workflow = join(dir, 'many.json');
    writeFileSync(workflow, JSON.stringify(manyOutputsWorkflow(1_200)));
    const run = await cli(['jobs', 'submit', workflow, '--wait', '--json'], { env });
    expect(run.code).toBe(0);
    jobId = (run.json().at(-1) as { id: string }).id;
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('jobs get lists the first page and says how many more there are, and where', async () => {
    const run = await cli(['jobs', 'get', jobId], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1200 outputs');
    expect(run.stdout).toContain(`… and ${1_200 - SNAPSHOT_OUTPUTS} more: \`loupe jobs outputs ${jobId}\``);
  });

  it('jobs outputs lists every one, in order', async () => {
    const run = await cli(['jobs', 'outputs', jobId, '--json'], { env });
    expect(run.code).toBe(0);
    const listed = (run.json()[0] as { outputs: Array<{ name: string }> }).outputs;
    expect(listed).toHaveLength(1_200);
    expect(listed.at(-1)?.name).toMatch(/_\.txt$/);
    expect(new Set(listed.map((output) => output.name)).size).toBe(1_200);
  });
});
