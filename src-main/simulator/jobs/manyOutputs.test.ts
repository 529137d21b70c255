// SaveTextBatch: one job with thousands of outputs, each a real asset, for clients to page through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../kernel';
import { arr, client, obj, startFast, waitForStatus } from '../testing/testKit';
import { manyOutputsWorkflow } from './sampleWorkflows';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startFast({ surface: 'serverless' });
});
afterAll(() => sim.close());

describe('SaveTextBatch', () => {
  it('writes `count` numbered text outputs, each one an asset with its bytes', async () => {
    const api = client(sim.url, 'demo-key');
    const created = await api.post('/api/v2/jobs', { workflow: manyOutputsWorkflow(2_500, 'row') });
    expect(created.status).toBe(201);
    const id = String(obj(created.body).id);
    await waitForStatus(api, id, ['succeeded']);
    const outputs = arr(obj((await api.get(`/api/v2/jobs/${id}`)).body).outputs).map(obj);
    expect(outputs).toHaveLength(2_500);
    expect(outputs[0]?.type).toBe('text');
    expect(String(outputs[0]?.name)).toMatch(/^batch_\d{5}_\.txt$/);
    expect(new Set(outputs.map((output) => output.id)).size).toBe(2_500);
    const last = await fetch(String(outputs[2_499]?.url), { headers: { authorization: 'Bearer demo-key' } });
    expect(await last.text()).toBe('row 2500\n');
  });

  it('refuses a count past 20,000', async () => {
    const api = client(sim.url, 'demo-key');
    const refused = await api.post('/api/v2/jobs', { workflow: manyOutputsWorkflow(20_001) });
    expect(refused.status).toBe(422);
  });
});
