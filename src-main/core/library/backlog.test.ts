// Issue 21: finished jobs Loupe only saw in a list are read in the background into the library, newest first,
// at a bounded rate (no burst), and a restart takes the reading up where it stopped: nothing read twice,
// nothing forgotten. Against the real simulator, with 200 jobs submitted behind Loupe's back.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { audioWorkflow } from '../../simulator/jobs/sampleWorkflows';
import type { RunningSimulator } from '../../simulator/server';
import { client, startFast } from '../../simulator/testing/testKit';
import { callOk, connectCore, createTestCore, type TestCore } from '../app/testing/testCore';

const JOBS = 200;
const PER_SECOND = 40;

let sim: RunningSimulator;
let core: TestCore | null = null;

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless', workers: 8 });
  const api = client(sim.url, 'demo-key');
  for (let i = 0; i < JOBS; i++) {
    const answer = await api.post('/api/v2/jobs', { workflow: audioWorkflow(200 + i, 50) });
    expect(answer.status).toBe(201);
  }
  for (let waited = 0; sim.control.jobs().some((job) => job.status !== 'succeeded'); waited += 50) {
    if (waited > 30_000) throw new Error('the simulator did not finish its jobs');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 60_000);
afterAll(async () => {
  await core?.dispose();
  await sim.close();
});

const pageSchema = z.object({
  jobs: z.array(z.object({ id: z.string() })),
  nextCursor: z.string().nullable(),
});

/** The job detail reads the simulator saw, with when each arrived. */
function detailReads(): Array<{ id: string; ms: number }> {
  return jobReads(/\/api\/v2\/jobs\/([^/]+)$/);
}

/** Every read of one job the backlog makes: the job and, for a job Loupe did not submit, its workflow. */
function backlogRequests(): Array<{ id: string; ms: number }> {
  return jobReads(/\/api\/v2\/jobs\/([^/]+)(?:\/workflow)?$/);
}

function jobReads(path: RegExp): Array<{ id: string; ms: number }> {
  return sim.control.requests().flatMap((request) => {
    const match = path.exec(request.path);
    return request.method === 'GET' && match?.[1] !== undefined
      ? [{ id: match[1], ms: Date.parse(request.time) }]
      : [];
  });
}

it('reads a backlog of 200 listed jobs at a bounded rate, newest first, and resumes after a restart', async () => {
  const first = await createTestCore({ library: { backlogPerSecond: PER_SECOND } });
  core = first;
  const profileId = await connectCore(first, { surface: 'serverless', baseUrl: sim.url });
  sim.control.clearRequests();
  let cursor: string | null = null;
  const listed: string[] = [];
  do {
    const page = pageSchema.parse(await callOk(first, 'jobs.list', { profileId, limit: 100, cursor }));
    listed.push(...page.jobs.map((job) => job.id));
    cursor = page.nextCursor;
  } while (cursor !== null);
  expect(listed).toHaveLength(JOBS);

  // Part of the way through, Loupe quits.
  await expect.poll(() => first.store.library.entries.total(), { timeout: 10_000 }).toBeGreaterThan(40);
  const dataDir = first.dataDir;
  await first.close();
  const readBefore = new Set(detailReads().map((read) => read.id));
  expect(readBefore.size).toBeLessThan(JOBS);

  const second = await createTestCore({
    dataDir,
    keychain: first.keychain,
    library: { backlogPerSecond: PER_SECOND },
  });
  core = second;
  await expect.poll(() => second.store.library.entries.total(), { timeout: 20_000 }).toBe(JOBS);
  expect(second.store.library.backlog.pending()).toBe(0);

  const reads = detailReads();
  // Read once each: the restart took up where it was (a read cut off by the quit may be made again).
  expect(new Set(reads.map((read) => read.id)).size).toBe(JOBS);
  expect(reads.length).toBeLessThanOrEqual(JOBS + 2);
  // Newest first: the list is newest first, and so was the first read.
  expect(reads[0]?.id).toBe(listed[0]);
  // No burst: never more requests than the rate in any second, counting the workflow read each of these jobs
  // (not Loupe's) costs beside the job read. The reader spaces its reads from when each starts; the simulator
  // stamps when each request arrives, and a request that arrives late opens a window that can hold one more
  // read (two requests) than the rate. A burst would be many more.
  const requests = backlogRequests();
  expect(requests.length).toBeGreaterThanOrEqual(2 * JOBS);
  for (const request of requests) {
    const inSecond = requests.filter(
      (other) => other.ms >= request.ms && other.ms < request.ms + 1000,
    ).length;
    expect(inSecond).toBeLessThanOrEqual(PER_SECOND + 2);
  }
  const found = z
    .object({ total: z.number() })
    .parse(await callOk(second, 'library.search', { query: 'type:audio' }));
  expect(found.total).toBe(JOBS);
  // Jobs Loupe did not submit are read with the workflow they ran: their entries know its string inputs.
  const entryId = z
    .object({ entries: z.array(z.object({ entryId: z.number() })) })
    .parse(await callOk(second, 'library.search', { query: 'type:audio', limit: 1 })).entries[0]?.entryId;
  const detail = z
    .object({ strings: z.array(z.object({ at: z.string(), nodeClass: z.string(), value: z.string() })) })
    .parse(await callOk(second, 'library.get', { entryId }));
  expect(detail.strings).toContainEqual({
    at: '2.filename_prefix',
    value: 'audio/tone',
    nodeClass: 'SaveAudio',
  });
}, 60_000);
