// `loupe batch` against the simulator over real sockets: a sweep planned, recorded and sent a window at a
// time; inputs uploaded and bound; a bad plan refused before anything is recorded or sent; and the crash
// test: a batch whose sender is SIGKILLed at several points (crashPlan.ts: 100 items at three points in
// `npm test`, 300 at five in `npm run test:nightly`), taken up each time, ends with exactly one job per item.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assetInputWorkflow,
  crashingWorkflow,
  failingWorkflow,
  textToImageWorkflow,
} from '../simulator/jobs/sampleWorkflows';
import type { RunningSimulator } from '../simulator/server';
import { crashPlan } from '../simulator/testing/crashPlan';
import { startFast } from '../simulator/testing/testKit';
import { cli, simulatorEnv, tempDirs } from './testing/cliHarness';

const bin = resolve(import.meta.dirname, '../../bin/loupe.mjs');
const tempDir = tempDirs();

interface BatchDocument {
  batchId: string;
  succeeded: number;
  failed: number;
  total: number;
}

describe('loupe batch', () => {
  let sim: RunningSimulator | null = null;
  afterEach(async () => {
    await sim?.close();
    sim = null;
  });

  it('runs a 4 × 2 sweep a window at a time and shows it: list, show with each item’s values', async () => {
    sim = await startFast({ surface: 'serverless' });
    const dir = tempDir('sweep');
    const env = { ...simulatorEnv(sim.url, 'serverless', 'demo-key'), LOUPE_DATA_DIR: dir };
    const workflow = join(dir, 'wf.json');
    writeFileSync(workflow, JSON.stringify(textToImageWorkflow({ steps: 3 })));
    const run = await cli(
      [
        'batch',
        'run',
        workflow,
        '--sweep',
        '3.seed=1..4',
        '--sweep',
        '3.cfg=5,7',
        '--concurrency',
        '2',
        '--wait',
        '--json',
      ],
      { env },
    );
    expect(run.code).toBe(0);
    const result = run.json()[0] as BatchDocument;
    expect(result).toMatchObject({ succeeded: 8, failed: 0, total: 8 });
    expect(sim.control.stats().jobs.total).toBe(8);

    const listed = await cli(['batch', 'list', '--json'], { env });
    expect((listed.json()[0] as Array<{ id: string }>)[0]?.id).toBe(result.batchId);
    const shown = await cli(['batch', 'show', result.batchId, '--json'], { env });
    const detail = shown.json()[0] as { items: Array<{ values: Array<{ target: string; value: unknown }> }> };
    expect(detail.items).toHaveLength(8);
    expect(detail.items[1]?.values).toEqual([
      { target: '3.seed', value: 1 },
      { target: '3.cfg', value: 7 },
    ]);
    // Without --json the id is alone on stdout's last line, as `jobs submit` prints a job id.
    const plain = await cli(['batch', 'run', workflow, '--sweep', '3.seed=9..10'], { env });
    expect(plain.code).toBe(0);
    expect(plain.stdout.trim().split('\n').at(-1)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('uploads a folder of inputs (hash first) and binds each to the input', async () => {
    sim = await startFast({ surface: 'managed' });
    const dir = tempDir('inputs');
    const env = { ...simulatorEnv(sim.url, 'managed', 'demo-key'), LOUPE_DATA_DIR: dir };
    const inputs = join(dir, 'in');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(inputs);
    for (const name of ['a.png', 'b.png', 'c.png'])
      writeFileSync(join(inputs, name), Buffer.from(name.repeat(50)));
    const workflow = join(dir, 'wf.json');
    writeFileSync(workflow, JSON.stringify(assetInputWorkflow('placeholder')));
    const run = await cli(
      ['batch', 'run', workflow, '--inputs', inputs, '--bind', '1.image', '--wait', '--json'],
      {
        env,
      },
    );
    expect(run.stderr).not.toContain('error');
    expect(run.code).toBe(0);
    expect(run.json()[0]).toMatchObject({ succeeded: 3, total: 3 });
    const shown = await cli(['batch', 'show', (run.json()[0] as BatchDocument).batchId, '--json'], { env });
    const detail = shown.json()[0] as { items: Array<{ values: Array<{ value: { __type: string } }> }> };
    expect(detail.items.map((item) => item.values[0]?.value.__type)).toEqual(Array(3).fill('core/ASSET'));
  });

  it('exports every output named from its values, with manifests whose hashes match the files', async () => {
    sim = await startFast({ surface: 'serverless' });
    const dir = tempDir('export');
    const env = { ...simulatorEnv(sim.url, 'serverless', 'demo-key'), LOUPE_DATA_DIR: dir };
    const workflow = join(dir, 'wf.json');
    writeFileSync(workflow, JSON.stringify(textToImageWorkflow({ steps: 2 })));
    const run = await cli(
      ['batch', 'run', workflow, '--sweep', '3.seed=3..4', '--sweep', '3.cfg=7', '--wait', '--json'],
      {
        env,
      },
    );
    expect(run.code).toBe(0);
    const { batchId } = run.json()[0] as BatchDocument;
    const target = join(dir, 'export');
    const exported = await cli(['batch', 'export', batchId, '--to', target], { env });
    expect(exported.code).toBe(0);
    const files = readdirSync(target).sort();
    expect(files).toEqual([
      'manifest.csv',
      'manifest.json',
      'seed-3_cfg-7_00001.png',
      'seed-4_cfg-7_00001.png',
    ]);
    const manifest = JSON.parse(readFileSync(join(target, 'manifest.json'), 'utf8')) as {
      items: Array<{
        values: Record<string, unknown>;
        status: string;
        outputs: Array<{ file: string; hash: string }>;
      }>;
    };
    expect(manifest.items[0]).toMatchObject({ values: { '3.seed': 3, '3.cfg': 7 }, status: 'succeeded' });
    for (const item of manifest.items) {
      const output = item.outputs[0];
      const b3 = execFileSync('/usr/bin/b3sum', ['--no-names', join(target, output?.file ?? '')], {
        encoding: 'utf8',
      });
      expect(output?.hash).toBe(`blake3:${b3.trim()}`);
    }
    const csv = readFileSync(join(target, 'manifest.csv'), 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      '"item","3.seed","3.cfg","attempts","job_ids","status","error","outputs","files","hashes"',
    );
    expect(csv[1]).toContain('"seed-3_cfg-7_00001.png"');
  });

  it('a service-written error in manifest.csv stays text (no spreadsheet formula)', async () => {
    sim = await startFast({ surface: 'serverless' });
    const dir = tempDir('formula');
    const env = { ...simulatorEnv(sim.url, 'serverless', 'demo-key'), LOUPE_DATA_DIR: dir };
    const workflow = join(dir, 'fail.json');
    writeFileSync(workflow, JSON.stringify(failingWorkflow('=HYPERLINK("http://evil.example")')));
    const run = await cli(['batch', 'run', workflow, '--wait', '--json'], { env });
    expect(run.code).toBe(1);
    const { batchId } = run.json()[0] as BatchDocument;
    const target = join(dir, 'export');
    expect((await cli(['batch', 'export', batchId, '--to', target], { env })).code).toBe(0);
    const csv = readFileSync(join(target, 'manifest.csv'), 'utf8');
    expect(csv).toContain('"\'=HYPERLINK(""http://evil.example"")');
    expect(csv).not.toMatch(/(^|,)"=/m);
  });

  it('groups failures by error and retries one group, each retry a new job linked to the one it retries', async () => {
    sim = await startFast({ surface: 'serverless' });
    const dir = tempDir('retry');
    const env = { ...simulatorEnv(sim.url, 'serverless', 'demo-key'), LOUPE_DATA_DIR: dir };
    const workflow = join(dir, 'fail.json');
    writeFileSync(workflow, JSON.stringify(failingWorkflow()));
    const run = await cli(
      ['batch', 'run', workflow, '--sweep', '2.message=disk full,disk full,bad node', '--wait', '--json'],
      {
        env,
      },
    );
    expect(run.code).toBe(1);
    const { batchId } = run.json()[0] as BatchDocument;
    const shown = await cli(['batch', 'show', batchId, '--json'], { env });
    const detail = shown.json()[0] as {
      failures: Array<{ code: string; message: string; positions: number[] }>;
      items: Array<{ jobId: string }>;
    };
    expect(detail.failures.map((group) => [group.message, group.positions])).toEqual([
      [expect.stringContaining('disk full'), [0, 1]],
      [expect.stringContaining('bad node'), [2]],
    ]);
    const firstJobs = detail.items.map((item) => item.jobId);
    const code = detail.failures[0]?.code ?? '';

    const retried = await cli(['batch', 'retry', batchId, '--group', code, '--wait', '--json'], { env });
    expect(retried.code).toBe(1);
    expect(retried.json()[0]).toMatchObject({ retried: 3 });
    expect(sim.control.stats().jobs.total).toBe(6);
    const after = (await cli(['batch', 'show', batchId, '--json'], { env })).json()[0] as {
      items: Array<{ jobId: string }>;
    };
    const newJob = after.items[0]?.jobId ?? '';
    expect(newJob).not.toBe(firstJobs[0]);
    const job = (await cli(['jobs', 'get', newJob, '--json'], { env })).json()[0] as {
      retryOf: string | null;
    };
    expect(job.retryOf).toBe(firstJobs[0]);
    expect((await cli(['batch', 'retry', batchId, '--group', 'no_such_code'], { env })).code).toBe(0);
    expect(sim.control.stats().jobs.total).toBe(6);
  });

  it('--auto-retry K sends a transient failure again on batch run, and batch retry takes it too', async () => {
    sim = await startFast({ surface: 'serverless' });
    const dir = tempDir('auto-retry');
    const env = { ...simulatorEnv(sim.url, 'serverless', 'demo-key'), LOUPE_DATA_DIR: dir };
    const workflow = join(dir, 'crash.json');
    writeFileSync(workflow, JSON.stringify(crashingWorkflow()));
    const run = await cli(['batch', 'run', workflow, '--auto-retry', '2', '--wait', '--json'], { env });
    expect(run.code).toBe(1);
    // The worker was lost twice: one job, then its one automatic retry.
    expect(sim.control.stats().jobs.total).toBe(2);
    const { batchId } = run.json()[0] as BatchDocument;
    const retried = await cli(['batch', 'retry', batchId, '--auto-retry', '2', '--wait'], { env });
    expect(retried.stderr).not.toContain('usage');
    expect(sim.control.stats().jobs.total).toBe(4);
  });

  it('refuses a bad plan before anything is uploaded, recorded or sent', async () => {
    sim = await startFast({ surface: 'serverless' });
    const dir = tempDir('bad');
    const env = { ...simulatorEnv(sim.url, 'serverless', 'demo-key'), LOUPE_DATA_DIR: dir };
    const workflow = join(dir, 'wf.json');
    writeFileSync(workflow, JSON.stringify(textToImageWorkflow()));
    for (const sweep of ['3.seed=a,b', '99.seed=1..2', '3.model=1..2', '3.seed=1..1000000']) {
      const run = await cli(['batch', 'run', workflow, '--sweep', sweep], { env });
      expect(run.code, sweep).toBe(2);
      expect(run.stderr, sweep).toContain('invalid_batch_plan');
    }
    expect(sim.control.requests()).toHaveLength(0);
    expect((await cli(['batch', 'list', '--json'], { env })).json()[0]).toEqual([]);
  });

  it(`crash test: SIGKILL the sender at ${crashPlan.killAt.length} points of a ${crashPlan.items}-item batch; after resume, one job per item`, async () => {
    sim = await startFast({ surface: 'serverless', workers: 8 });
    const running = sim;
    const dir = tempDir('crash');
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      LOUPE_CLI_FROM_SOURCE: '1',
      LOUPE_DATA_DIR: dir,
      ...simulatorEnv(running.url, 'serverless', 'demo-key'),
    };
    const workflow = join(dir, 'wf.json');
    writeFileSync(workflow, JSON.stringify(textToImageWorkflow({ steps: 1 })));
    const posts = (): number =>
      running.control.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/api/v2/jobs')).length;

    /** Runs the CLI as a real process; kills it with SIGKILL once the service has seen `killAt` POSTs. */
    const runUntil = (argv: string[], killAt: number | null) =>
      new Promise<{ code: number | null; signal: string | null; stdout: string }>((done) => {
        const child = spawn(process.execPath, [bin, ...argv], { env });
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        const watch =
          killAt === null
            ? null
            : setInterval(() => {
                if (posts() >= killAt) child.kill('SIGKILL');
              }, 2);
        child.on('exit', (code, signal) => {
          if (watch !== null) clearInterval(watch);
          done({ code, signal, stdout });
        });
      });

    const [firstKill = 10, ...laterKills] = crashPlan.killAt;
    const first = await runUntil(
      [
        'batch',
        'run',
        workflow,
        '--sweep',
        `3.seed=1..${crashPlan.items}`,
        '--concurrency',
        '32',
        '--name',
        'crash',
      ],
      firstKill,
    );
    expect(first.signal).toBe('SIGKILL');
    const listed = await cli(['batch', 'list', '--json'], { env: { ...env } });
    const batchId = (listed.json()[0] as Array<{ id: string }>)[0]?.id ?? '';
    expect(batchId).not.toBe('');
    for (const killAt of laterKills) {
      const resumed = await runUntil(['batch', 'resume', batchId, '--concurrency', '32'], killAt);
      expect(resumed.signal, `kill at ${killAt}`).toBe('SIGKILL');
    }
    const last = await runUntil(
      ['batch', 'resume', batchId, '--concurrency', '32', '--wait', '--json'],
      null,
    );
    expect(last.code).toBe(0);
    expect(JSON.parse(last.stdout.trim().split('\n').at(-1) ?? '{}')).toMatchObject({
      succeeded: crashPlan.items,
      total: crashPlan.items,
    });
    // Exactly one job per item on the service: nothing lost, nothing doubled.
    expect(running.control.stats().jobs.total).toBe(crashPlan.items);
    const shown = await cli(['batch', 'show', batchId, '--json'], { env });
    const items = (shown.json()[0] as { items: Array<{ jobId: string | null }> }).items;
    expect(new Set(items.map((item) => item.jobId)).size).toBe(crashPlan.items);
  }, 240_000);
});
