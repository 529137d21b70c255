// The one place the profile's key goes into a request body: `extra_data.api_key_svc_org` of a job submission
// (job-and-asset-api.md, POST /api/v2/jobs; v1 POST /api/prompt), which partner nodes use to bill the account.
// It is added to the body as it leaves, never to what callers hold: the outbox records the request without
// it (rule 6), and nothing that logs or stores a request ever sees it. Only the origin the key was given for
// gets it (rule 10), the same test the auth header passes.
import { mayReceive, type BoundCredential } from './connection';
import type { RequestBody } from './requestBody';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The body with the key in `extra_data.api_key_svc_org`, as a new object; the body unchanged when this origin
 * may not receive the key, or there is none, or the body is not a JSON object.
 */
export function withPartnerKey(
  body: RequestBody | undefined,
  credential: BoundCredential | null,
  origin: string,
): RequestBody | undefined {
  if (body?.kind !== 'json' || !isPlainObject(body.value)) return body;
  if (!mayReceive(credential, origin)) return body;
  const extra = isPlainObject(body.value.extra_data) ? body.value.extra_data : {};
  return {
    kind: 'json',
    value: { ...body.value, extra_data: { ...extra, api_key_svc_org: credential.secret } },
  };
}
