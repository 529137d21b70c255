// The CLI against the simulator on each surface, through real sockets: submit → watch → outputs, the exit
// codes of every fate, logs, listing with its managed fallback, and refusals before anything is sent.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../simulator/server';
import { failingWorkflow, textToImageWorkflow, uiWorkflowDocument } from '../simulator/jobs/sampleWorkflows';
import { startFast } from '../simulator/testing/testKit';
import { cli, MemorySink, simulatorEnv } from './testing/cliHarness';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
type Surface = 'self-hosted' | 'managed' | 'serverless';

interface JobLine {
  id: string;
  status: string;
  outputs: Array<{ name: string }>;
}

describe.each<Surface>(['self-hosted', 'managed', 'serverless'])('loupe jobs on %s', (surface) => {
  let sim: RunningSimulator;
  let dir: string;
  let env: Record<string, string>;
  const file = (name: string, value: unknown): string => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(value));
    return path;
  };

  beforeAll(async () => {
    sim = await startFast({ surface, prefix: '/mount' });
    dir = mkdtempSync(join(tmpdir(), 'loupe-cli-jobs-'));
    env = simulatorEnv(sim.url, surface, surface === 'self-hosted' ? null : 'demo-key');
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('submits with --wait, follows to succeeded (exit 0) and downloads PNG outputs', async () => {
    const workflow = file(
      't2i.json',
      textToImageWorkflow({ batch: 2, filenamePrefix: 'shots/../../escape' }),
    );
    const run = await cli(['jobs', 'submit', workflow, '--wait', '--json'], { env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.json() as JobLine[];
    expect(lines.length).toBeGreaterThan(1);
    expect(new Set(lines.map((line) => line.id)).size).toBe(1);
    expect(lines.at(-1)?.status).toBe('succeeded');
    expect(lines.slice(0, -1).every((line) => line.status !== 'succeeded')).toBe(true);
    const id = lines[0]!.id;
    // Live through the event stream; every printed snapshot still came from a poll.
    expect(sim.control.requests().some((r) => r.path.endsWith(`/jobs/${id}/events`))).toBe(true);

    const target = join(dir, `out-${surface}`);
    const download = await cli(['jobs', 'outputs', id, '--download', target, '--json'], { env });
    expect(download.code).toBe(0);
    const result = download.json()[0] as { outputs: Array<{ file: string; verified: boolean }> };
    expect(result.outputs).toHaveLength(2);
    const files = readdirSync(target);
    expect(files).toHaveLength(2);
    for (const saved of result.outputs) {
      expect(saved.file.startsWith(target + '/')).toBe(true);
      expect(readFileSync(saved.file).subarray(0, 8)).toEqual(pngSignature);
    }
    // Nothing escaped the target directory, whatever the names said.
    expect(readdirSync(dir).filter((name) => name.includes('escape'))).toEqual([]);
  });

  it('exits 1 for a job that fails, and prints the node error', async () => {
    const run = await cli(
      ['jobs', 'submit', file('fail.json', failingWorkflow('boom \u001b[31mred')), '--wait'],
      { env },
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('node_execution_error');
    expect(run.stdout).not.toContain('\u001b[31m');
    expect(run.stdout).toContain('\u241b[31m');
  });

  it('exits 130 when the job is canceled while being watched', async () => {
    const submitted = await cli(
      ['jobs', 'submit', file('slow.json', textToImageWorkflow({ steps: 400 })), '--json'],
      { env },
    );
    expect(submitted.code).toBe(0);
    const id = (submitted.json()[0] as JobLine).id;
    const stdout = new MemorySink();
    let cancel: Promise<unknown> | null = null;
    stdout.onWrite((text) => {
      if (cancel === null && text.includes('"running"')) cancel = cli(['jobs', 'cancel', id], { env });
    });
    const watch = await cli(['jobs', 'watch', id, '--json'], { env, stdout });
    expect(cancel).not.toBeNull();
    expect(watch.code).toBe(130);
    expect((watch.json().at(-1) as JobLine).status).toBe('canceled');
  });

  it('stops watching on Ctrl-C with exit 130, leaving the job running', async () => {
    const submitted = await cli(
      ['jobs', 'submit', file('slow2.json', textToImageWorkflow({ steps: 400 })), '--json'],
      { env },
    );
    const id = (submitted.json()[0] as JobLine).id;
    const interrupt = new AbortController();
    const stdout = new MemorySink();
    stdout.onWrite((text) => {
      if (text.includes('running')) interrupt.abort(new DOMException('Interrupted', 'AbortError'));
    });
    const watch = await cli(['jobs', 'watch', id], { env, stdout, signal: interrupt.signal });
    expect(watch.code).toBe(130);
    expect(watch.stderr).toContain(`loupe jobs cancel ${id}`);
    const job = (await cli(['jobs', 'get', id, '--json'], { env })).json()[0] as JobLine;
    expect(job.status).toBe('running');
    await cli(['jobs', 'cancel', id], { env });
  });

  it('exits 2 for a job the service does not know', async () => {
    const run = await cli(['jobs', 'watch', '9b2f1c4e-0000-4000-8000-000000000000'], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('not_found');
    expect(run.stderr).toContain('next:');
  });

  it('reads logs: 200 on serverless, the 204 explained elsewhere', async () => {
    const submitted = await cli(
      ['jobs', 'submit', file('log.json', textToImageWorkflow()), '--wait', '--json'],
      { env },
    );
    const id = (submitted.json()[0] as JobLine).id;
    const run = await cli(['jobs', 'logs', id], { env });
    expect(run.code).toBe(0);
    if (surface === 'serverless') {
      expect(run.stdout.length).toBeGreaterThan(0);
    } else {
      expect(run.stdout).toBe('');
      // Core's words, the same the app shows: these surfaces keep no logs (the job has no logs link).
      expect(run.stderr).toContain('does not keep job logs');
    }
  });

  // Only the serverless surface keeps logs: defined there alone, so the other surfaces report no skipped test.
  const onSurfaceWithLogs = surface === 'serverless' ? it : () => undefined;
  onSurfaceWithLogs(
    'on a running job says what to run to read its log later, not that it will read it again',
    async () => {
      const submitted = await cli(
        ['jobs', 'submit', file('long.json', textToImageWorkflow({ steps: 10_000 })), '--json'],
        { env },
      );
      const id = (submitted.json()[0] as JobLine).id;
      try {
        const run = await cli(['jobs', 'logs', id], { env });
        expect(run.code).toBe(0);
        expect(run.stderr).not.toContain('reads it again');
        expect(run.stderr).toContain(`loupe jobs watch ${id}; loupe jobs logs ${id}`);
      } finally {
        await cli(['jobs', 'cancel', id], { env });
      }
    },
  );

  it('lists jobs, falling back to the v1 list on managed', async () => {
    const run = await cli(['jobs', 'list', '--limit', '5', '--json'], { env });
    expect(run.code).toBe(0);
    const listing = run.json()[0] as { source: string; jobs: unknown[] };
    expect(listing.jobs.length).toBeGreaterThan(0);
    if (surface === 'managed') {
      expect(listing.source).toBe('v1');
      expect(run.stderr).toContain('v1');
    } else {
      expect(listing.source).toBe('service');
      expect(run.stderr).toBe('');
    }
  });

  it('refuses the editor\u2019s UI-format export before sending, with the fix', async () => {
    const before = sim.control.stats().jobs.total;
    const run = await cli(['jobs', 'submit', file('ui.json', uiWorkflowDocument('w1'))], { env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('workflow_format_ui');
    expect(run.stderr).toContain('export the workflow as API format');
    expect(sim.control.stats().jobs.total).toBe(before);
  });

  it('prints a submitted job\u2019s workflow so it can be submitted again', async () => {
    const submitted = await cli(['jobs', 'submit', file('again.json', textToImageWorkflow())], { env });
    const id = submitted.stdout.trim();
    const printed = await cli(['jobs', 'workflow', id], { env });
    expect(printed.code).toBe(0);
    expect(JSON.parse(printed.stdout)).toEqual(textToImageWorkflow());
  });
});
