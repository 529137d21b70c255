// Conformance: every documented Router error bucket is produced through real sockets, with its usual
// status, the X-Svc-Error-Type header and the RouterErrorResponse body (a 422 carries the validation body
// instead). The Router is mounted on every surface, so the table runs on each.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../kernel';
import { obj, startFast } from '../testKit';
import type { Surface } from '../../types';
import { routerCases } from './routerCases';
import { routerClient, type RouterEnv } from './routerKit';

/** NOTES.md Part B: the 19 documented buckets; `client_disconnected` is only logged. */
const documented = [
  'invalid_input',
  'content_policy_violation',
  'provider_error',
  'provider_timeout',
  'insufficient_credits',
  'model_not_found',
  'unauthorized',
  'forbidden',
  'not_enabled',
  'concurrency_limit_exceeded',
  'rate_limited',
  'queue_backlog_full',
  'internal_error',
  'deadline_exceeded',
  'service_unavailable',
  'cancelled',
  'queue_timeout',
  'request_not_found',
];

it('the table covers every documented bucket that is ever sent', () => {
  expect(new Set(routerCases.map((c) => c.errorType))).toEqual(new Set(documented));
});

describe.each<{ surface: Surface; prefix: string }>([
  { surface: 'self-hosted', prefix: '' },
  { surface: 'managed', prefix: '/mount' },
  { surface: 'serverless', prefix: '' },
])('Router errors on $surface, prefix "$prefix"', ({ surface, prefix }) => {
  let sim: RunningSimulator;
  let env: RouterEnv;

  beforeAll(async () => {
    sim = await startFast({
      surface,
      prefix,
      apiKeys: ['demo-key', 'other-key'],
      forbiddenKeys: ['blocked-key'],
      routerEnabledKeys: ['demo-key'],
      // Slow enough steps that a video run visibly outlives the synchronous deadline (8 steps).
      timing: { routerQueueStepMs: 25 },
    });
    env = {
      sim,
      api: routerClient(sim, 'demo-key'),
      apiKey: 'demo-key',
      notEnabled: routerClient(sim, 'other-key'),
      forbidden: routerClient(sim, 'blocked-key'),
      anonymous: routerClient(sim, null),
    };
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.control.reset());

  it.each(routerCases)('$status $name', async (c) => {
    const response = await c.provoke(env);
    expect(response.status, response.text.slice(0, 200)).toBe(c.status);
    expect(response.headers.get('x-svc-error-type')).toBe(c.errorType);
    expect(response.headers.get('x-svc-request-id')).toBeTruthy();
    const body = obj(response.body);
    if (c.status === 422) {
      expect(Array.isArray(body.detail)).toBe(true);
      expect(body).not.toHaveProperty('error_type');
    } else {
      expect(body.error_type).toBe(c.errorType);
      expect(typeof body.detail).toBe('string');
    }
  });
});
