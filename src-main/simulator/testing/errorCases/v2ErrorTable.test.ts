// Conformance: every v2 error code the documents name is produced through real sockets, in the v2 error
// envelope, on each surface that has it, and is not produced where the documents say it does not exist
// (402 never on self-hosted, 501 only on managed's job list, …). The self-hosted proxy runs with a static
// token here, the configuration in which it can answer 401 and 403 at all.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../../kernel';
import { client, obj, startFast, type JsonResponse } from '../testKit';
import type { Surface } from '../../types';
import { v2JobCases } from './v2JobCases';
import type { V2Env, V2ErrorCase } from './v2Kit';
import { v2StreamAndAssetCases } from './v2StreamAndAssetCases';

const cases: readonly V2ErrorCase[] = [...v2JobCases, ...v2StreamAndAssetCases];

/** The codes the documents name for v2; the table must cover each of them. */
const documented = [
  // job-and-asset-api.md, "Errors"
  'invalid_workflow',
  'workflow_format_ui',
  'missing_asset',
  'idempotency_key_reuse',
  'hash_mismatch',
  'blob_not_found',
  'not_found',
  'unauthorized',
  'forbidden',
  'insufficient_credits',
  'queue_full',
  'deployment_not_ready',
  'deployment_unavailable',
  'deployment_stopped',
  'invalid_cursor',
  'invalid_metadata_filter',
  'invalid_request',
  'not_implemented',
  'upstream_error',
  // NOTES.md Part A
  'metadata_invalid',
  'metadata_not_supported',
  'too_many_streams',
  'rate_limited',
  'asset_in_use',
  'output_unavailable',
  'upstream_unreachable',
];

const allowedKey = 'demo-key';
const forbiddenKey = 'blocked-key';

function describeAnswer(response: JsonResponse): string {
  return `${response.status} ${response.text.slice(0, 200)}`;
}

/** The envelope's code, or null for an answer that is not an error envelope. */
function codeOf(response: JsonResponse): unknown {
  const body = response.body;
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const error = body.error;
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
}

it('the table covers every documented v2 code', () => {
  expect(new Set(cases.map((c) => c.code))).toEqual(new Set([...documented, 'range_not_satisfiable']));
});

describe.each<Surface>(['self-hosted', 'managed', 'serverless'])('v2 errors on %s', (surface) => {
  let sim: RunningSimulator;
  let env: V2Env;

  beforeAll(async () => {
    sim = await startFast({
      surface,
      apiKeys: [allowedKey, 'other-key'],
      forbiddenKeys: [forbiddenKey],
      maxStreams: 1,
    });
    env = {
      sim,
      api: client(sim.url, allowedKey),
      allowedKey,
      forbidden: client(sim.url, forbiddenKey),
      stranger: client(sim.url, 'not-a-key'),
    };
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.control.reset());

  const present = cases.filter((c) => c.on.includes(surface));
  it.each(present)('$status $name', async (c) => {
    const response = await c.provoke(env);
    expect(response.status, describeAnswer(response)).toBe(c.status);
    const error = obj(obj(response.body).error);
    expect(error.code).toBe(c.code);
    expect(typeof error.message).toBe('string');
    expect('details' in error).toBe(true);
    if (c.retryAfter === true) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  const absent = cases.filter((c) => c.absentOn?.includes(surface) === true);
  if (absent.length > 0) {
    it.each(absent)('never $name', async (c) => {
      const response = await c.provoke(env);
      const code = response.status === c.status ? codeOf(response) : null;
      expect(code, describeAnswer(response)).not.toBe(c.code);
    });
  }
});
