// The CLI when the service misbehaves: a stream that keeps dropping (polling carries the watch to the
// end), a submission whose outcome is unknown (reported with its idempotency key, never resent), and
// progress that is drawn on a terminal only.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../simulator/server';
import { textToImageWorkflow } from '../simulator/jobs/sampleWorkflows';
import { startFast } from '../simulator/testing/testKit';
import { cli, MemorySink, simulatorEnv } from './testing/cliHarness';

describe('loupe against a misbehaving service', () => {
  let sim: RunningSimulator;
  let dir: string;
  let env: Record<string, string>;
  let workflow: string;

  beforeAll(async () => {
    sim = await startFast({ surface: 'serverless' });
    env = simulatorEnv(sim.url, 'serverless', 'demo-key');
    dir = mkdtempSync(join(tmpdir(), 'loupe-cli-faults-'));
    workflow = join(dir, 'wf.json');
    writeFileSync(workflow, JSON.stringify(textToImageWorkflow({ steps: 20 })));
  });
  beforeEach(() => sim.control.clearFaults());
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('follows a job to the end when every event stream drops after one event', async () => {
    sim.control.setFaults({ sseDrop: { afterEvents: 1 } });
    const run = await cli(['jobs', 'submit', workflow, '--wait', '--json'], { env });
    expect(run.code).toBe(0);
    expect((run.json().at(-1) as { status: string }).status).toBe('succeeded');
  });

  it('after a lost answer, finds the one job the submission made and follows it, as the app does', async () => {
    // A workflow no other test sent, so the job that matches it is this submission's.
    const unique = join(dir, 'unique.json');
    writeFileSync(unique, JSON.stringify(textToImageWorkflow({ seed: 424242 })));
    sim.control.setFaults({ unknownOutcome: { count: 1 } });
    const before = sim.control.stats().jobs.total;
    const run = await cli(['jobs', 'submit', unique, '--wait', '--json'], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.json() as Array<{ id: string; status: string }>;
    expect(new Set(lines.map((line) => line.id)).size).toBe(1);
    expect(lines.at(-1)?.status).toBe('succeeded');
    // Created once: the CLI looked for the job instead of sending it again.
    expect(sim.control.stats().jobs.total).toBe(before + 1);
  });

  it('says it cannot tell (exit 3) with the key when the job cannot be told apart, and sends nothing twice', async () => {
    // The same workflow twice: after the lost answer two jobs match, and a guess could link the wrong one.
    expect((await cli(['jobs', 'submit', workflow], { env })).code).toBe(0);
    sim.control.setFaults({ unknownOutcome: { count: 1 } });
    const before = sim.control.stats().jobs.total;
    const run = await cli(['jobs', 'submit', workflow], { env });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('outcome_unknown');
    expect(run.stderr).toMatch(/idempotency key: [0-9a-f-]{36}/);
    expect(run.stderr).toContain('loupe jobs list');
    expect(run.stderr).toContain('--idempotency-key');
    expect(sim.control.stats().jobs.total).toBe(before + 1);
  });

  it('draws upload progress on a terminal\u2019s stderr, and none into a pipe', async () => {
    const file = join(dir, 'big.bin');
    writeFileSync(file, Buffer.alloc(2 * 1024 * 1024, 7));
    const terminal = new MemorySink(true);
    const run = await cli(['assets', 'upload', file], { env, stderr: terminal });
    expect(run.code).toBe(0);
    expect(terminal.text).toContain('\r');
    expect(terminal.text).toContain('uploading');
    expect(run.stdout).not.toContain('\r');
    const piped = await cli(['assets', 'hash', file], { env });
    expect(piped.stderr).toBe('');
  });

  it('explains a refused key and what to do', async () => {
    const run = await cli(['jobs', 'list'], { env: { ...env, LOUPE_API_KEY: 'wrong-key' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('unauthorized (HTTP 401)');
    expect(run.stderr).toContain('next: Check the API key');
    expect(run.stderr).not.toContain('wrong-key');
  });
});

describe('loupe after an unknown outcome on the self-hosted proxy', () => {
  let sim: RunningSimulator;
  let dir: string;

  beforeAll(async () => {
    sim = await startFast({ surface: 'self-hosted' });
    dir = mkdtempSync(join(tmpdir(), 'loupe-cli-proxy-faults-'));
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('advises what finds the job there (its list), not a rerun under the key the proxy refuses', async () => {
    const env = simulatorEnv(sim.url, 'self-hosted', null);
    const workflow = join(dir, 'wf.json');
    writeFileSync(workflow, JSON.stringify(textToImageWorkflow({ steps: 20 })));
    // The same workflow twice: after the lost answer two jobs match, so the CLI cannot tell which is this one.
    expect((await cli(['jobs', 'submit', workflow], { env })).code).toBe(0);
    sim.control.setFaults({ unknownOutcome: { count: 1 } });
    const run = await cli(['jobs', 'submit', workflow], { env });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('outcome_unknown');
    expect(run.stderr).toContain('loupe jobs list');
    expect(run.stderr).not.toContain('--idempotency-key');
    expect(run.stderr).toContain('single use');

    // What it advises does find the job: the proxy's list has both submissions.
    const listed = await cli(['jobs', 'list', '--json'], { env });
    expect((listed.json()[0] as { jobs: unknown[] }).jobs.length).toBeGreaterThanOrEqual(2);
  });
});
