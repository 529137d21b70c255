// Retry-After honoured as seconds and as an HTTP date, and a submission whose outcome is unknown reported
// as "may have been created" (job-and-asset-api.md, Idempotency-Key rule 5), then found by listing.
// Waits run in simulated time (see clientsFor), so the simulator's request log shows the client coming
// back exactly when it was told to.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textToImageWorkflow } from '../../../../simulator/jobs/sampleWorkflows';
import { startRetryAfterDateProxy, type DateProxy } from './retryAfterDateProxy';
import { simulatorFixture } from './simulatorFixture';
import { apiErrorOf, clientsFor, connectionTo, setFaults, simRequests, startFast } from './simulatorHarness';

const serverless = simulatorFixture({ surface: 'serverless', prefix: '/mount' });
const managed = simulatorFixture({ surface: 'managed' });
let proxy: DateProxy;
const workflow = textToImageWorkflow({ steps: 1 });

beforeAll(async () => {
  proxy = await startRetryAfterDateProxy(serverless.sim.origin);
});
afterAll(() => proxy.close());

describe('Retry-After', () => {
  it('as seconds: a rate-limited read waits exactly that long, then succeeds', async () => {
    const job = await serverless.api.jobs.submit({ workflow });
    await setFaults(serverless.sim, { rateLimited: { retryAfterSeconds: 2, count: 1 } });
    const read = await serverless.api.jobs.get(job.id);
    expect(read.id).toBe(job.id);
    expect(serverless.api.waits).toEqual([2000]);
    const reads = (await simRequests(serverless.sim)).filter((r) => r.method === 'GET');
    expect(reads.map((r) => r.status)).toEqual([429, 200]);
  });

  it('as an HTTP date (rewritten by a proxy): the wait is the time until that date', async () => {
    const api = clientsFor(connectionTo(serverless.sim, { baseUrl: `${proxy.origin}/mount` }), {
      sim: serverless.sim,
    });
    const job = await api.jobs.submit({ workflow });
    await setFaults(serverless.sim, { rateLimited: { retryAfterSeconds: 3, count: 1 } });
    const read = await api.jobs.get(job);
    expect(read.id).toBe(job.id);
    expect(proxy.rewritten).toHaveLength(1);
    expect(proxy.rewritten[0]).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    // A date has whole seconds: the wait is up to a second short of 3 s, never longer.
    expect(api.waits).toHaveLength(1);
    expect(api.waits[0]).toBeGreaterThan(1500);
    expect(api.waits[0]).toBeLessThanOrEqual(3000);
  });

  it('as an HTTP date on a refused submit: the error hands back the wait', async () => {
    const api = clientsFor(connectionTo(serverless.sim, { baseUrl: `${proxy.origin}/mount` }), {
      sim: serverless.sim,
      maxAttempts: 1,
    });
    await setFaults(serverless.sim, { queueFull: { retryAfterSeconds: 4 } });
    const error = await apiErrorOf(() => api.jobs.submit({ workflow }));
    expect(error).toMatchObject({ status: 429, code: 'queue_full' });
    expect(error.retryAfterMs).toBeGreaterThan(2500);
    expect(error.retryAfterMs).toBeLessThanOrEqual(4000);
  });

  it('longer than the in-process cap: not waited for, handed back so the caller can schedule it', async () => {
    await setFaults(serverless.sim, { rateLimited: { retryAfterSeconds: 120 } });
    const error = await apiErrorOf(() => serverless.api.jobs.get(randomUUID()));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterMs: 120_000 });
    expect(serverless.api.waits).toEqual([]);
  });
});

describe('an unknown outcome', () => {
  it('a 500 after the job was created is "may have been created", never retried, and listing finds it', async () => {
    await setFaults(serverless.sim, { unknownOutcome: { count: 1 } });
    const key = randomUUID();
    const error = await apiErrorOf(() => serverless.api.jobs.submit({ workflow }, { idempotencyKey: key }));
    expect(error).toMatchObject({
      kind: 'maybe-created',
      code: 'outcome_unknown',
      status: 500,
      details: { idempotencyKey: key, originalCode: 'upstream_error' },
    });
    expect(serverless.api.waits).toEqual([]);
    expect((await simRequests(serverless.sim)).filter((r) => r.method === 'POST')).toHaveLength(1);

    // Reconcile: the newest job in the list is the one the server created under that key.
    const page = await serverless.api.jobs.list({ limit: 5 });
    const created = serverless.sim.control.idempotency().find((entry) => entry.key === key);
    expect(created?.jobIds).toHaveLength(1);
    expect(page.jobs.map((item) => item.id)).toContain(created?.jobIds[0]);

    // The key stays claimed: presenting it again is reported the same way, and creates nothing.
    const again = await apiErrorOf(() => serverless.api.jobs.submit({ workflow }, { idempotencyKey: key }));
    expect(again).toMatchObject({
      kind: 'maybe-created',
      status: 422,
      details: { idempotencyKey: key, originalCode: 'idempotency_key_reuse' },
    });
    expect(serverless.sim.control.jobs()).toHaveLength(1);
  });

  it('self-hosted 503 upstream_unreachable is "may have been created"; the list shows it was not', async () => {
    const local = await startFast({ surface: 'self-hosted' });
    try {
      const api = clientsFor(connectionTo(local), { sim: local });
      await setFaults(local, { upstreamUnreachable: { count: 1 } });
      const key = randomUUID();
      const error = await apiErrorOf(() => api.jobs.submit({ workflow }, { idempotencyKey: key }));
      expect(error).toMatchObject({
        kind: 'maybe-created',
        status: 503,
        details: { idempotencyKey: key, originalCode: 'upstream_unreachable' },
      });
      expect(api.waits).toEqual([]);
      // Reconcile: nothing reached the upstream, and the proxy kept the key claimed all the same.
      expect((await api.jobs.list()).jobs).toEqual([]);
      const again = await apiErrorOf(() => api.jobs.submit({ workflow }, { idempotencyKey: key }));
      expect(again).toMatchObject({
        kind: 'maybe-created',
        details: { originalCode: 'idempotency_key_reuse' },
      });
      expect((await api.jobs.submit({ workflow })).id).toBeTruthy();
    } finally {
      await local.close();
    }
  });

  it('on managed, where v2 cannot list, the v1 list finds the job instead', async () => {
    await setFaults(managed.sim, { unknownOutcome: { count: 1 } });
    const error = await apiErrorOf(() => managed.api.jobs.submit({ workflow }));
    expect(error.kind).toBe('maybe-created');
    const list = await managed.api.v1.listJobs({ limit: 1 });
    const [only] = managed.sim.control.jobs();
    expect(list.jobs.map((item) => item.id)).toEqual([only?.id]);
    // Polling that id through v2 reaches the job like any other.
    expect((await managed.api.jobs.get(only?.id ?? '')).id).toBe(only?.id);
  });
});
