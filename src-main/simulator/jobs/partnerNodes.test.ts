// Partner (API) nodes in the simulator: object_info marks them with `api_node`, a partner node runs only when the
// job's extra_data carries the submitting account's own key (and fails as the real ones do otherwise), and
// that key is never part of any answer: the managed surface keeps it with the job but redacts it on every read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../kernel';
import { arr, client, obj, startFast, waitForStatus, type Client } from '../testing/testKit';
import { partnerUnauthorizedMessage } from './nodeEffects';
import { partnerImageWorkflow, textToImageWorkflow } from './sampleWorkflows';

const ownKey = 'sk-partner-own-3c9e';
const otherKey = 'sk-partner-other-77d1';

describe.each(['managed', 'serverless', 'self-hosted'] as const)('partner nodes on %s', (surface) => {
  let sim: RunningSimulator;
  let api: Client;

  beforeAll(async () => {
    sim = await startFast({ surface, apiKeys: [ownKey, otherKey] });
    api = client(sim.url, ownKey);
  });
  afterAll(() => sim.close());

  async function run(extraData: Record<string, string> | undefined): Promise<Record<string, unknown>> {
    const submitted = await api.post('/api/v2/jobs', {
      workflow: partnerImageWorkflow(),
      ...(extraData === undefined ? {} : { extra_data: extraData }),
    });
    expect(submitted.status).toBe(201);
    expect(submitted.text).not.toContain(ownKey);
    return waitForStatus(api, String(obj(submitted.body).id), ['succeeded', 'failed']);
  }

  it('fails the node without a key, as the real partner nodes do', async () => {
    const job = await run(undefined);
    expect(job.status).toBe('failed');
    expect(obj(job.error)).toMatchObject({
      code: 'node_execution_error',
      message: partnerUnauthorizedMessage,
      class_type: 'PartnerImageNode',
    });
  });

  it("fails the node with another account's key", async () => {
    const job = await run({ api_key_svc_org: otherKey });
    expect(job.status).toBe('failed');
    expect(obj(job.error).message).toBe(partnerUnauthorizedMessage);
  });

  it("runs with the account's own key and makes an output; no answer ever shows the key", async () => {
    const job = await run({ api_key_svc_org: ownKey });
    expect(job.status).toBe('succeeded');
    expect(arr(job.outputs)).toHaveLength(1);
    const id = String(job.id);
    const reads = [
      await api.get(`/api/v2/jobs/${id}`),
      await api.get(`/api/v2/jobs/${id}/workflow`),
      await api.get('/api/v2/jobs'),
    ];
    if (surface === 'managed') reads.push(await client(sim.url, ownKey, 'x-api-key').get('/api/jobs'));
    for (const read of reads) expect(read.text).not.toContain(ownKey);
  });
});

describe('partner nodes in object_info and v1', () => {
  let sim: RunningSimulator;

  beforeAll(async () => {
    sim = await startFast({ surface: 'managed', apiKeys: [ownKey] });
  });
  afterAll(() => sim.close());

  it('marks partner classes api_node: true and every other class false', async () => {
    const info = obj((await client(sim.url, ownKey, 'x-api-key').get('/api/object_info')).body);
    expect(obj(info.PartnerImageNode).api_node).toBe(true);
    const others = Object.entries(info).filter(([name]) => name !== 'PartnerImageNode');
    expect(others.length).toBeGreaterThan(5);
    for (const [, definition] of others) expect(obj(definition).api_node).toBe(false);
  });

  it('runs a partner node submitted through v1 /api/prompt with the key in extra_data', async () => {
    const v1 = client(sim.url, ownKey, 'x-api-key');
    const queued = await v1.post('/api/prompt', {
      prompt: partnerImageWorkflow(),
      extra_data: { api_key_svc_org: ownKey },
    });
    expect(queued.status).toBe(200);
    const id = String(obj(queued.body).prompt_id);
    const job = await waitForStatus(client(sim.url, ownKey), id, ['succeeded', 'failed']);
    expect(job.status).toBe('succeeded');
    expect((await v1.get('/api/jobs')).text).not.toContain(ownKey);
  });

  it('runs a workflow without partner nodes whether or not a key came', async () => {
    const api = client(sim.url, ownKey);
    const submitted = await api.post('/api/v2/jobs', { workflow: textToImageWorkflow({ steps: 1 }) });
    const job = await waitForStatus(api, String(obj(submitted.body).id), ['succeeded', 'failed']);
    expect(job.status).toBe('succeeded');
  });
});
