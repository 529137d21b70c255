// The v2 job error codes of job-and-asset-api.md ("Errors") as the client meets them from the simulator:
// each one a typed ApiError with the service's own code, retried only where the documents make it safe.
// The submit-time faults are set over /_sim/faults. Codes the client refuses before sending are checked to
// carry the code the service would have used, and to send nothing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { textToImageWorkflow } from '../../../../simulator/jobs/sampleWorkflows';
import { simulatorFixture } from './simulatorFixture';
import {
  apiErrorOf,
  clearSimRequests,
  clientsFor,
  connectionTo,
  setFaults,
  simRequests,
} from './simulatorHarness';

const serverless = simulatorFixture({ surface: 'serverless', forbiddenKeys: ['blocked-key'] });
const managed = simulatorFixture({ surface: 'managed' });
const workflow = textToImageWorkflow({ steps: 1 });

describe('422 validation refusals (synchronous, the key is released)', () => {
  it('invalid_workflow carries per-node details', async () => {
    const broken = { '1': { class_type: 'KSampler', inputs: { steps: 'many' } } };
    const error = await apiErrorOf(() => serverless.api.jobs.submit({ workflow: broken }));
    expect(error).toMatchObject({ kind: 'http', status: 422, code: 'invalid_workflow' });
    expect(error.details).toHaveProperty('node_errors');
  });

  it('an unknown node class is invalid_workflow with unknown_node_classes', async () => {
    const error = await apiErrorOf(() =>
      serverless.api.jobs.submit({ workflow: { '1': { class_type: 'NoSuchNode', inputs: {} } } }),
    );
    expect(error.code).toBe('invalid_workflow');
    expect(error.details).toMatchObject({ unknown_node_classes: ['NoSuchNode'] });
  });

  it('missing_asset for a core/ASSET reference to an asset that does not exist', async () => {
    const ref = { __type: 'core/ASSET', info: { id: randomUUID() } };
    const error = await apiErrorOf(() =>
      serverless.api.jobs.submit({
        workflow: {
          '1': { class_type: 'LoadImage', inputs: { image: ref } },
          '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'x' } },
        },
      }),
    );
    expect(error).toMatchObject({ status: 422, code: 'missing_asset' });
  });

  it('workflow_format_ui is refused before sending, under the service’s own code', async () => {
    await clearSimRequests(serverless.sim);
    const error = await apiErrorOf(() => serverless.api.jobs.submit({ workflow: { nodes: [], links: [] } }));
    expect(error).toMatchObject({ kind: 'invalid-request', code: 'workflow_format_ui' });
    expect(await simRequests(serverless.sim)).toEqual([]);
  });

  it('deployment_stopped is final: not retried', async () => {
    await setFaults(serverless.sim, { deploymentStopped: true });
    const error = await apiErrorOf(() => serverless.api.jobs.submit({ workflow }));
    expect(error).toMatchObject({ status: 422, code: 'deployment_stopped' });
    expect(serverless.api.waits).toEqual([]);
  });

  it('a validation refusal released the key: the same key then submits', async () => {
    const key = randomUUID();
    await apiErrorOf(() =>
      serverless.api.jobs.submit(
        { workflow: { '1': { class_type: 'Nope', inputs: {} } } },
        { idempotencyKey: key },
      ),
    );
    const job = await serverless.api.jobs.submit({ workflow }, { idempotencyKey: key });
    expect(job.status).toBeDefined();
  });
});

describe('refusals that depend on the account or the deployment', () => {
  it('401 unauthorized for a key the service does not know', async () => {
    const stranger = clientsFor(connectionTo(serverless.sim, { key: 'not-a-key' }));
    const error = await apiErrorOf(() => stranger.jobs.get(randomUUID()));
    expect(error).toMatchObject({ kind: 'http', status: 401, code: 'unauthorized' });
  });

  it('403 forbidden for a key that authenticates but is not allowed: not retried, nothing created', async () => {
    const blocked = clientsFor(connectionTo(serverless.sim, { key: 'blocked-key' }), { sim: serverless.sim });
    const submit = await apiErrorOf(() => blocked.jobs.submit({ workflow }));
    expect(submit).toMatchObject({ kind: 'http', status: 403, code: 'forbidden' });
    const read = await apiErrorOf(() => blocked.jobs.get(randomUUID()));
    expect(read).toMatchObject({ kind: 'http', status: 403, code: 'forbidden' });
    expect(blocked.waits).toEqual([]);
    expect(serverless.sim.control.jobs()).toEqual([]);
  });

  it('402 insufficient_credits on managed and serverless, not retried', async () => {
    for (const sim of [serverless.sim, managed.sim]) {
      await setFaults(sim, { insufficientCredits: true });
      const client = clientsFor(connectionTo(sim), { sim });
      const error = await apiErrorOf(() => client.jobs.submit({ workflow }));
      expect(error).toMatchObject({ status: 402, code: 'insufficient_credits' });
      expect(client.waits).toEqual([]);
    }
  });

  it('429 queue_full: the keyed submit waits Retry-After each time, then hands back the 429 with its wait', async () => {
    await setFaults(serverless.sim, { queueFull: { retryAfterSeconds: 3 } });
    const error = await apiErrorOf(() => serverless.api.jobs.submit({ workflow }));
    expect(error).toMatchObject({ status: 429, code: 'queue_full', retryAfterMs: 3000 });
    expect(serverless.api.waits).toEqual([3000, 3000, 3000]);
    const submits = (await simRequests(serverless.sim)).filter((r) => r.method === 'POST');
    expect(submits.map((r) => r.status)).toEqual([429, 429, 429, 429]);
  });

  it.each(['deploymentNotReady', 'deploymentUnavailable'] as const)(
    '429 %s: after waiting out Retry-After the same key goes through',
    async (fault) => {
      await setFaults(serverless.sim, { [fault]: { windowSeconds: 2, retryAfterSeconds: 1 } });
      const key = randomUUID();
      const job = await serverless.api.jobs.submit({ workflow }, { idempotencyKey: key });
      expect(job.id).toBeTruthy();
      expect(serverless.api.waits).toEqual([1000, 1000]);
      const submits = (await simRequests(serverless.sim)).filter((r) => r.method === 'POST');
      expect(submits.map((r) => r.status)).toEqual([429, 429, 201]);
    },
  );

  it('501 not_implemented: the managed service has no job list', async () => {
    const client = clientsFor(connectionTo(managed.sim));
    const error = await apiErrorOf(() => client.jobs.list());
    expect(error).toMatchObject({ status: 501, code: 'not_implemented' });
  });
});

describe('list refusals', () => {
  it('400 invalid_cursor for a cursor the service did not issue', async () => {
    const error = await apiErrorOf(() => serverless.api.jobs.list({ cursor: 'not-a-cursor' }));
    expect(error).toMatchObject({ status: 400, code: 'invalid_cursor' });
  });

  it('invalid_metadata_filter and invalid_request are refused before sending, under the service’s codes', async () => {
    await clearSimRequests(serverless.sim);
    const tooMany = await apiErrorOf(() =>
      serverless.api.jobs.list({ metadata: { a: '1', b: '2', c: '3', d: '4' } }),
    );
    expect(tooMany).toMatchObject({ kind: 'invalid-request', code: 'invalid_metadata_filter' });
    const badKey = await apiErrorOf(() => serverless.api.jobs.list({ metadata: { 'no spaces': 'x' } }));
    expect(badKey.code).toBe('invalid_metadata_filter');
    const bidi = await apiErrorOf(() => serverless.api.jobs.list({ metadata: { k: 'a\u202eb' } }));
    expect(bidi.code).toBe('invalid_metadata_filter');
    const limit = await apiErrorOf(() => serverless.api.jobs.list({ limit: 0 }));
    expect(limit).toMatchObject({ kind: 'invalid-request', code: 'invalid_request' });
    expect(await simRequests(serverless.sim)).toEqual([]);
  });

  it('a value with ";" and "%" goes out encoded and matches exactly', async () => {
    const metadata = { note: 'a;b%20c' };
    const job = await serverless.api.jobs.submit({ workflow, metadata });
    const found = await serverless.api.jobs.list({ metadata });
    expect(found.jobs.map((item) => item.id)).toEqual([job.id]);
  });
});

describe('codes the client refuses locally, sent raw to prove the envelope reads the same', () => {
  it('workflow_format_ui, metadata_invalid and invalid_request come back under their own codes', async () => {
    const send = (target: string, value: unknown) =>
      apiErrorOf(() =>
        serverless.api.http.send({
          family: 'v2',
          method: 'POST',
          target,
          body: { kind: 'json', value },
          idempotencyKey: randomUUID(),
        }),
      );
    expect(await send('api/v2/jobs', { workflow: { nodes: [], links: [] } })).toMatchObject({
      status: 422,
      code: 'workflow_format_ui',
    });
    expect(await send('api/v2/jobs', { workflow, metadata: { 'bad key!': 'x' } })).toMatchObject({
      status: 422,
      code: 'metadata_invalid',
    });
    const limit = await apiErrorOf(() =>
      serverless.api.http.send({ family: 'v2', method: 'GET', target: 'api/v2/jobs', query: { limit: 0 } }),
    );
    expect(limit).toMatchObject({ status: 422, code: 'invalid_request' });
    const filter = await apiErrorOf(() =>
      serverless.api.http.send({ family: 'v2', method: 'GET', target: 'api/v2/jobs?metadata[k]=a;b' }),
    );
    expect(filter).toMatchObject({ status: 400, code: 'invalid_metadata_filter' });
  });
});

describe('an older self-hosted build (routing 404 for list and logs)', () => {
  const legacy = simulatorFixture(
    { surface: 'self-hosted', legacySelfHosted: true },
    { resetAfterEach: false },
  );

  it('the list answers 404, and logs through the job’s links need no request (no logs link)', async () => {
    expect((await apiErrorOf(() => legacy.api.jobs.list())).status).toBe(404);
    const job = await legacy.api.jobs.submit({ workflow });
    expect(await legacy.api.jobs.logs(job)).toEqual({ log: null, reason: 'not-captured' });
  });

  // Known disagreement, reported: the simulator's routing 404 carries the v2 envelope with code
  // not_found, the same answer as an unknown job, so the client cannot tell "no such operation" (which
  // it reads from a bare 404) from "no such job". Flip to `it` once the routing 404 is bare.
  it('logs by id read the routing 404 as "not supported"', async () => {
    const job = await legacy.api.jobs.submit({ workflow });
    expect(await legacy.api.jobs.logs(job.id)).toEqual({ log: null, reason: 'not-supported' });
  });
});

describe('500 upstream_error', () => {
  it('a read is retried with backoff and succeeds once the fault clears', async () => {
    const job = await serverless.api.jobs.submit({ workflow });
    await setFaults(serverless.sim, { upstreamError: { routes: ['GET /api/v2/jobs/*'], count: 2 } });
    const read = await serverless.api.jobs.get(job.id);
    expect(read.id).toBe(job.id);
    expect(serverless.api.waits).toHaveLength(2);
  });

  it('a read that keeps failing ends as upstream_error with the generic message', async () => {
    await setFaults(serverless.sim, { upstreamError: { routes: ['GET /api/v2/jobs/*'] } });
    const error = await apiErrorOf(() => serverless.api.jobs.get(randomUUID()));
    expect(error).toMatchObject({ status: 500, code: 'upstream_error' });
    expect(serverless.api.waits).toHaveLength(3);
  });
});
