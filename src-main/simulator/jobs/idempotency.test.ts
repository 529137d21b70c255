// Conformance: Idempotency-Key on job submission, rule by rule (spec "Idempotency-Key rules"),
// asserting on what the server did through /_sim/idempotency.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../kernel';
import { arr, client, errorCode, obj, startFast, type Client } from '../testing/testKit';
import { audioWorkflow } from './sampleWorkflows';

let sim: RunningSimulator;
let api: Client;

beforeAll(async () => {
  sim = await startFast({ surface: 'serverless', timing: { dispatchMs: 1000 } });
  api = client(sim.url, 'demo-key');
});
afterAll(() => sim.close());
beforeEach(() => sim.control.reset());

const valid = { workflow: audioWorkflow() };
const submit = (key: string, body: unknown = valid, as: Client = api) =>
  as.post('/api/v2/jobs', body, { 'idempotency-key': key });

async function keyRecord(key: string, owner = 'demo-key'): Promise<Record<string, unknown> | undefined> {
  const response = await fetch(`${sim.origin}/_sim/idempotency`);
  const keys = arr(obj(await response.json()).keys).map(obj);
  return keys.find((k) => k.key === key && k.owner === owner);
}

describe('Idempotency-Key', () => {
  it('rule 1–2: the first request is processed, any later one is refused and never re-executed', async () => {
    const first = await submit('k-1');
    expect(first.status).toBe(201);
    const retry = await submit('k-1');
    expect(retry.status).toBe(422);
    expect(errorCode(retry)).toBe('idempotency_key_reuse');
    const differentBody = await submit('k-1', { workflow: audioWorkflow(880) });
    expect(errorCode(differentBody)).toBe('idempotency_key_reuse');
    expect(await keyRecord('k-1')).toMatchObject({ jobsCreated: 1, state: 'claimed', reuseRejections: 2 });
    // No replay: the refusal carries no job and no replay header.
    expect(retry.headers.get('idempotency-replayed')).toBeNull();
    expect(first.headers.get('idempotency-replayed')).toBeNull();
  });

  it('rule 2: of concurrent duplicates exactly one creates a job', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => submit('k-concurrent')));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(
      responses.filter((r) => r.status === 422 && errorCode(r) === 'idempotency_key_reuse'),
    ).toHaveLength(5);
    expect(await keyRecord('k-concurrent')).toMatchObject({ jobsCreated: 1 });
    expect(sim.control.jobs()).toHaveLength(1);
  });

  it('rule 3: a request that never reaches submission claims nothing', async () => {
    const unauthorized = await submit('k-auth', valid, client(sim.url, null));
    expect(unauthorized.status).toBe(401);
    expect(await keyRecord('k-auth')).toBeUndefined();
    expect((await submit('k-auth')).status).toBe(201);
  });

  it('rule 3: an empty or over-long key is 400 invalid_request', async () => {
    for (const key of ['', '   ', 'x'.repeat(256)]) {
      const response = await submit(key);
      expect(response.status).toBe(400);
      expect(errorCode(response)).toBe('invalid_request');
    }
    expect((await submit('x'.repeat(255))).status).toBe(201);
  });

  it('rule 4: a validation error releases the key', async () => {
    const invalid = await submit('k-invalid', { workflow: { '1': { class_type: 'Nope', inputs: {} } } });
    expect(errorCode(invalid)).toBe('invalid_workflow');
    expect(await keyRecord('k-invalid')).toMatchObject({ state: 'released', jobsCreated: 0 });
    const malformed = await api.request('POST', '/api/v2/jobs', {
      rawBody: '{',
      headers: { 'idempotency-key': 'k-invalid' },
    });
    expect(errorCode(malformed)).toBe('invalid_request');
    expect((await submit('k-invalid')).status).toBe(201);
    expect(await keyRecord('k-invalid')).toMatchObject({ state: 'claimed', jobsCreated: 1 });
  });

  it('rule 4: queue_full and insufficient_credits release the key', async () => {
    sim.control.setFaults({ queueFull: { retryAfterSeconds: 3 } });
    const full = await submit('k-upstream');
    expect(full.status).toBe(429);
    expect(errorCode(full)).toBe('queue_full');
    expect(full.headers.get('retry-after')).toBe('3');
    sim.control.setFaults({ queueFull: null, insufficientCredits: true });
    const broke = await submit('k-upstream');
    expect(broke.status).toBe(402);
    expect(errorCode(broke)).toBe('insufficient_credits');
    sim.control.clearFaults();
    expect((await submit('k-upstream')).status).toBe(201);
    expect(await keyRecord('k-upstream')).toMatchObject({ jobsCreated: 1 });
  });

  it('rule 5: an unknown outcome keeps the key claimed, and the job is findable', async () => {
    sim.control.setFaults({ unknownOutcome: { count: 1 } });
    const lost = await submit('k-unknown');
    expect(lost.status).toBe(500);
    expect(errorCode(lost)).toBe('upstream_error');
    expect(await keyRecord('k-unknown')).toMatchObject({ state: 'claimed', jobsCreated: 1 });
    const retry = await submit('k-unknown');
    expect(errorCode(retry)).toBe('idempotency_key_reuse');
    const listed = arr(obj((await api.get('/api/v2/jobs')).body).jobs);
    expect(listed).toHaveLength(1);
    const jobId = String(arr((await keyRecord('k-unknown'))?.jobIds)[0]);
    expect((await api.get(`/api/v2/jobs/${jobId}`)).status).toBe(200);
  });

  it('rule 6: a key expires after 24 hours', async () => {
    expect((await submit('k-day')).status).toBe(201);
    sim.control.advanceClock(24 * 60 * 60 * 1000 - 1000);
    expect(errorCode(await submit('k-day'))).toBe('idempotency_key_reuse');
    sim.control.advanceClock(2000);
    expect((await submit('k-day')).status).toBe(201);
  });

  it('scopes keys to the caller', async () => {
    expect((await submit('k-shared')).status).toBe(201);
    expect((await submit('k-shared', valid, client(sim.url, 'other-key'))).status).toBe(201);
  });
});
