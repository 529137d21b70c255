// The library's background reading meets a hostile service (issue 19's faults, issue 21's reader): the newest
// finished jobs answer a read with a body that never ends, a 200 whose connection drops mid-body, a 200 that
// is not JSON, or a workflow that never ends. Each is cut off at its limit, recorded as a failed read to try
// later, and the reader goes on to the older jobs, which become entries. Nothing is read without bound, no
// promise rejects into the void, and the library still answers.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_LIMITS } from '../api/bodyLimits';
import { audioWorkflow } from '../../simulator/jobs/sampleWorkflows';
import type { RunningSimulator } from '../../simulator/server';
import { client, startFast } from '../../simulator/testing/testKit';
import { callOk, connectCore, createTestCore, type TestCore } from '../app/testing/testCore';

const HEALTHY = 3;
const CHUNK = new Uint8Array(64 * 1024).fill(0x20);

let sim: RunningSimulator;
let core: TestCore | null = null;
const jobIds: string[] = [];

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless', workers: 4 });
  const api = client(sim.url, 'demo-key');
  // Healthy jobs first (older), the four poisoned ones last (newest): the reader meets the faults first.
  for (let i = 0; i < HEALTHY + 4; i++) {
    const answer = await api.post('/api/v2/jobs', { workflow: audioWorkflow(300 + i, 20) });
    expect(answer.status).toBe(201);
    jobIds.push(z.object({ id: z.string() }).parse(answer.body).id);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  for (let waited = 0; sim.control.jobs().some((job) => job.status !== 'succeeded'); waited += 50) {
    if (waited > 20_000) throw new Error('the simulator did not finish its jobs');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 40_000);
afterAll(async () => {
  await core?.dispose();
  await sim.close();
});

type Fault = 'endless' | 'dropped' | 'not-json' | 'endless-workflow';

/** Bytes each endless body handed to Loupe before Loupe stopped reading. */
const pulled = new Map<string, number>();

function endless(jobId: string): ReadableStream<Uint8Array> {
  pulled.set(jobId, 0);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(`{"id":"${jobId}","status":"succeeded","x":"`));
    },
    pull(controller) {
      pulled.set(jobId, (pulled.get(jobId) ?? 0) + CHUNK.byteLength);
      controller.enqueue(CHUNK);
    },
  });
}

function dropped(jobId: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(`{"id":"${jobId}","status":"succ`));
      controller.error(new TypeError('terminated: other side closed'));
    },
  });
}

/** Every request goes to the simulator, except the poisoned jobs' reads, which the fault answers. */
function hostileFetch(faults: ReadonlyMap<string, Fault>): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const match = /\/api\/v2\/jobs\/([^/]+)(\/workflow)?$/.exec(url.pathname);
    const fault = match?.[1] === undefined ? undefined : faults.get(match[1]);
    const jobId = match?.[1] ?? '';
    const json = { 'content-type': 'application/json' };
    if (fault !== undefined && (init?.method ?? 'GET') === 'GET') {
      const isWorkflow = match?.[2] !== undefined;
      if (fault === 'endless' && !isWorkflow) return new Response(endless(jobId), { headers: json });
      if (fault === 'dropped' && !isWorkflow) return new Response(dropped(jobId), { headers: json });
      if (fault === 'not-json' && !isWorkflow) return new Response('<html>oops</html>', { headers: json });
      if (fault === 'endless-workflow' && isWorkflow) return new Response(endless(jobId), { headers: json });
    }
    return fetch(input, init);
  };
}

it('cuts off what never ends, records each failed read for later, and reads the older jobs into the library', async () => {
  const poisoned: Array<[string, Fault]> = [
    [jobIds[HEALTHY] ?? '', 'endless'],
    [jobIds[HEALTHY + 1] ?? '', 'dropped'],
    [jobIds[HEALTHY + 2] ?? '', 'not-json'],
    [jobIds[HEALTHY + 3] ?? '', 'endless-workflow'],
  ];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown): void => {
    unhandled.push(reason);
  };
  process.on('unhandledRejection', onUnhandled);
  try {
    core = await createTestCore({
      library: { backlogPerSecond: 50 },
      fetch: hostileFetch(new Map(poisoned)),
    });
    const profileId = await connectCore(core, { surface: 'serverless', baseUrl: sim.url });
    const page = z
      .object({ jobs: z.array(z.object({ id: z.string() })) })
      .parse(await callOk(core, 'jobs.list', { profileId, limit: 100 }));
    expect(page.jobs).toHaveLength(HEALTHY + 4);

    // The healthy jobs become entries, and so do the outputs of the job whose workflow never ended (its job
    // read was whole); the four poisoned reads wait to be tried again, not lost and not spinning.
    const store = core.store;
    await expect.poll(() => store.library.entries.total(), { timeout: 15_000 }).toBe(HEALTHY + 1);
    await expect.poll(() => store.library.backlog.pending(profileId), { timeout: 5_000 }).toBe(4);
    expect(store.library.backlog.next(profileId, 10)).toEqual([]);

    // What never ended was read only up to its kind's limit (and one chunk the stream had ready).
    const jobRead = pulled.get(poisoned[0]?.[0] ?? '') ?? 0;
    const workflowRead = pulled.get(poisoned[3]?.[0] ?? '') ?? 0;
    expect(jobRead).toBeGreaterThan(0);
    expect(jobRead).toBeLessThanOrEqual(BODY_LIMITS.job + 4 * CHUNK.byteLength);
    expect(workflowRead).toBeGreaterThan(0);
    expect(workflowRead).toBeLessThanOrEqual(BODY_LIMITS.workflow + 4 * CHUNK.byteLength);

    // The library still answers, and found what it could.
    const found = z
      .object({ total: z.number() })
      .parse(await callOk(core, 'library.search', { query: 'type:audio' }));
    expect(found.total).toBe(HEALTHY + 1);
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
}, 40_000);
