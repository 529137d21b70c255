// The CLI on core, against the simulator over real sockets: each finding of the "second engine" review,
// fixed because the CLI now runs the app's own outbox, watcher, lister, uploader and asset reader.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../core/store';
import { textToImageWorkflow } from '../simulator/jobs/sampleWorkflows';
import type { RunningSimulator } from '../simulator/server';
import { startFast } from '../simulator/testing/testKit';
import { cli, simulatorEnv, tempDirs } from './testing/cliHarness';

type Surface = 'self-hosted' | 'managed' | 'serverless';

interface JobLine {
  id: string;
  status: string;
}

const tempDir = tempDirs();

function workflowFile(dir: string, seed: number): string {
  const path = join(dir, `wf-${seed}.json`);
  writeFileSync(path, JSON.stringify(textToImageWorkflow({ seed })));
  return path;
}

/** The one environment store under a data directory (the CLI keeps one per address). */
function environmentDb(dataDir: string): string {
  const [where] = readdirSync(join(dataDir, 'environments'));
  if (where === undefined) throw new Error('no environment store');
  return join(dataDir, 'environments', where, 'loupe.db');
}

describe('one engine: the CLI on core', () => {
  const sims: RunningSimulator[] = [];
  const start = async (surface: Surface, extra: Parameters<typeof startFast>[0] = { surface }) => {
    const sim = await startFast({ ...extra, surface });
    sims.push(sim);
    return sim;
  };
  afterEach(async () => {
    while (sims.length > 0) await sims.pop()?.close();
  });

  it('writes a submission to the outbox before it is sent, under the key it sends', async () => {
    const sim = await start('serverless');
    const dataDir = tempDir('outbox');
    const env = { ...simulatorEnv(sim.url, 'serverless', 'demo-key'), LOUPE_DATA_DIR: dataDir };
    const seenAtSend: Array<{ key: string | null; rows: Array<{ key: string; state: string }> }> = [];
    const watching: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/api/v2/jobs')) {
        // The moment the request leaves: the outbox row must already be on disk, marked sent.
        const store = openStore(environmentDb(dataDir));
        const rows = store.batchItems
          .listResumable(store.profiles.list().rows.find((p) => p.name === 'LOUPE_BASE_URL')?.id ?? '')
          .rows.map((row) => ({ key: row.idempotencyKey, state: row.state }));
        store.close();
        seenAtSend.push({ key: request.headers.get('idempotency-key'), rows });
      }
      return fetch(request);
    };
    const run = await cli(['jobs', 'submit', workflowFile(dataDir, 1)], { env, fetch: watching });
    expect(run.stderr).toContain('Submitted');
    expect(run.code).toBe(0);
    expect(seenAtSend).toHaveLength(1);
    const [sent] = seenAtSend;
    expect(sent?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent?.rows).toEqual([{ key: sent?.key, state: 'sent' }]);
  });

  it('--idempotency-key: running the same command twice makes one job, and a reused key for another workflow is refused', async () => {
    const sim = await start('serverless');
    const dataDir = tempDir('idem');
    const env = { ...simulatorEnv(sim.url, 'serverless', 'demo-key'), LOUPE_DATA_DIR: dataDir };
    const file = workflowFile(dataDir, 2);
    const first = await cli(['jobs', 'submit', file, '--idempotency-key', 'nightly-0042'], { env });
    expect(first.code).toBe(0);
    const posts = (): number =>
      sim.control.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/api/v2/jobs')).length;
    expect(posts()).toBe(1);
    const again = await cli(['jobs', 'submit', file, '--idempotency-key', 'nightly-0042'], { env });
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(first.stdout);
    expect(posts()).toBe(1);
    expect(sim.control.stats().jobs.total).toBe(1);

    const other = await cli(
      ['jobs', 'submit', workflowFile(dataDir, 3), '--idempotency-key', 'nightly-0042'],
      {
        env,
      },
    );
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('idempotency_key_reuse');
    expect(posts()).toBe(1);
    const empty = await cli(['jobs', 'submit', file, '--idempotency-key', ''], { env });
    expect(empty.code).toBe(2);
  });

  it('jobs list on self-hosted shows the state `submit --wait` ended in, not the first one seen', async () => {
    const sim = await start('self-hosted', { surface: 'self-hosted', legacySelfHosted: true });
    const dataDir = tempDir('stale');
    const env = { LOUPE_BASE_URL: sim.url, LOUPE_DATA_DIR: dataDir };
    const waited = await cli(['jobs', 'submit', workflowFile(dataDir, 4), '--wait', '--json'], { env });
    expect(waited.code).toBe(0);
    const id = (waited.json()[0] as JobLine).id;
    const listed = await cli(['jobs', 'list', '--json'], { env });
    const page = listed.json()[0] as { jobs: JobLine[]; source: string };
    expect(page.source).toBe('local');
    expect(page.jobs.find((job) => job.id === id)?.status).toBe('succeeded');
  });

  it('re-resolves an expired signed link for `assets get -o` and `jobs outputs --download`', async () => {
    const sim = await start('managed', { surface: 'managed', urlTtlSeconds: 60 });
    const dir = tempDir('expired');
    const env = { ...simulatorEnv(sim.url, 'managed', 'demo-key'), LOUPE_DATA_DIR: dir };
    const done = await cli(['jobs', 'submit', workflowFile(dir, 5), '--wait', '--json'], { env });
    expect(done.code).toBe(0);
    const job = done.json().at(-1) as { id: string; outputs: Array<{ assetId: string }> };
    const assetId = job.outputs[0]?.assetId ?? '';
    // The first signed link expires between its resolution and its use, as a slow start or a sleeping
    // laptop makes it: the storage host answers 403 "Request has expired".
    const aging = (): typeof fetch => {
      let expired = false;
      return (input, init) => {
        const url = new URL(new Request(input, init).url);
        if (url.pathname.startsWith('/_storage/') && !expired) {
          expired = true;
          sim.control.advanceClock(61_000);
        }
        return fetch(input, init);
      };
    };
    const target = join(dir, 'first.png');
    const got = await cli(['assets', 'get', assetId, '-o', target], { env, fetch: aging() });
    expect(got.stderr).not.toContain('error');
    expect(got.code).toBe(0);
    expect(readFileSync(target).subarray(1, 4).toString()).toBe('PNG');
    const downloaded = await cli(['jobs', 'outputs', job.id, '--download', join(dir, 'all')], {
      env: { ...env, LOUPE_DATA_DIR: tempDir('expired-cold') },
      fetch: aging(),
    });
    expect(downloaded.code).toBe(0);
    const expired = sim.control.requests().filter((r) => r.path.startsWith('/_storage/') && r.status === 403);
    expect(expired.length).toBe(2);
  });

  it('jobs watch rides out 429s: bounded, and "could not tell" (exit 3), never "failed" (exit 1)', async () => {
    const sim = await start('serverless');
    const env = simulatorEnv(sim.url, 'serverless', 'demo-key');
    const dir = tempDir('429');
    const done = await cli(['jobs', 'submit', workflowFile(dir, 6), '--wait', '--json'], { env });
    const id = (done.json()[0] as JobLine).id;
    sim.control.setFaults({ rateLimited: { retryAfterSeconds: 1 } });
    const began = Date.now();
    const watched = await cli(['jobs', 'watch', id], { env, silenceLimitMs: 1_500 });
    expect(watched.code).toBe(3);
    expect(watched.stderr).toContain('no_answer');
    expect(watched.stderr).toContain(`loupe jobs watch ${id}`);
    expect(Date.now() - began).toBeLessThan(15_000);
    // Once the service answers again the same command ends with the job's outcome.
    sim.control.clearFaults();
    expect((await cli(['jobs', 'watch', id], { env })).code).toBe(0);
  });

  it('a 429 on the first read is waited out, not reported as the job failing', async () => {
    const sim = await start('serverless');
    const env = simulatorEnv(sim.url, 'serverless', 'demo-key');
    const dir = tempDir('429-first');
    const submitted = await cli(['jobs', 'submit', workflowFile(dir, 7)], { env });
    const id = submitted.stdout.trim();
    sim.control.setFaults({ rateLimited: { retryAfterSeconds: 1, count: 2 } });
    const watched = await cli(['jobs', 'watch', id], { env });
    expect(watched.stderr).not.toContain('error');
    expect(watched.code).toBe(0);
  });

  it('pages the managed fallback list with --cursor, past 500 jobs', async () => {
    const sim = await start('managed');
    const dataDir = tempDir('paging');
    const env = { ...simulatorEnv(sim.url, 'managed', 'demo-key'), LOUPE_DATA_DIR: dataDir };
    const body = JSON.stringify({ workflow: textToImageWorkflow() });
    for (let i = 0; i < 505; i++) {
      const answer = await fetch(`${sim.url}/api/v2/jobs`, {
        method: 'POST',
        headers: { authorization: 'Bearer demo-key', 'content-type': 'application/json' },
        body,
      });
      expect(answer.status).toBe(201);
    }
    const first = await cli(['jobs', 'list', '--limit', '500', '--json'], { env });
    expect(first.code).toBe(0);
    const page = first.json()[0] as { jobs: JobLine[]; nextCursor: string | null; source: string };
    expect(page.source).toBe('v1');
    expect(page.jobs).toHaveLength(500);
    expect(page.nextCursor).not.toBeNull();
    const second = await cli(
      ['jobs', 'list', '--limit', '500', '--cursor', page.nextCursor ?? '', '--json'],
      {
        env,
      },
    );
    expect(second.code).toBe(0);
    const rest = second.json()[0] as { jobs: JobLine[]; nextCursor: string | null };
    expect(rest.jobs).toHaveLength(5);
    const all = new Set([...page.jobs, ...rest.jobs].map((job) => job.id));
    expect(all.size).toBe(505);
    expect(rest.nextCursor).toBeNull();
    // A cursor that is not one is a usage error, not silently the first page.
    const bad = await cli(['jobs', 'list', '--cursor', 'not-a-cursor'], { env });
    expect(bad.code).toBe(2);
  });

  it('a refused connection says nothing was sent (not "outcome unknown")', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
      });
    });
    const dir = tempDir('refused');
    const run = await cli(['jobs', 'submit', workflowFile(dir, 8)], {
      env: { LOUPE_BASE_URL: `http://127.0.0.1:${closedPort}`, LOUPE_DATA_DIR: dir },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('outcome_unknown');
    expect(run.stderr).not.toContain('may have');
    expect(run.stderr).toContain('network_error');
  });

  it('a wrong key on assets upload is `unauthorized`', async () => {
    const sim = await start('managed');
    const dir = tempDir('wrongkey');
    const file = join(dir, 'in.bin');
    writeFileSync(file, Buffer.alloc(1000, 3));
    const run = await cli(['assets', 'upload', file], { env: simulatorEnv(sim.url, 'managed', 'wrong-key') });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('unauthorized');
    expect(run.stderr).not.toContain('http_401');
    expect(run.stderr).not.toContain('wrong-key');
  });

  it('a serverless address without its mount path is named as such, not "an older self-hosted build"', async () => {
    const sim = await start('serverless', { surface: 'serverless', prefix: '/mount' });
    // sim.url carries the mount path; a user who pastes only the host leaves it out.
    const hostOnly = new URL(sim.url).origin;
    expect(sim.url).toBe(`${hostOnly}/mount`);
    const run = await cli(['jobs', 'list'], { env: simulatorEnv(hostOnly, 'serverless', 'demo-key') });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('mount path');
    expect(run.stderr).not.toContain('older');
    const right = await cli(['jobs', 'list'], { env: simulatorEnv(sim.url, 'serverless', 'demo-key') });
    expect(right.code).toBe(0);
  });
});
