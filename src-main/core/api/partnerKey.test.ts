// The profile's key in a job submission's body (`extra_data.api_key_svc_org`, issue 20) is added by the http
// layer as the request leaves, and only to the origin the key was given for: never to another origin named by
// an absolute link, a POST's redirect, a GET, or a request that did not ask; the caller's body is untouched.
import { afterEach, describe, expect, it } from 'vitest';
import type { BoundCredential } from './connection';
import { HttpClient } from './http';
import { withPartnerKey } from './partnerKeyBody';
import type { RequestBody } from './requestBody';
import { RetryPolicy } from './retry';
import { json, startTestServer, testConnection, type TestServer } from './testing/testServer';

const key = 'sk-partner-http-canary-0d4e';
const servers: TestServer[] = [];
async function server(handler: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const started = await startTestServer(handler);
  servers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const bound: BoundCredential = { secret: key, origins: ['https://api.example'] };
const submission = (): RequestBody => ({ kind: 'json', value: { workflow: { '1': { class_type: 'X' } } } });

describe('withPartnerKey', () => {
  it('adds the key to extra_data for an origin the key was given for, as a new body', () => {
    const body = submission();
    const sent = withPartnerKey(body, bound, 'https://api.example');
    expect(sent).toEqual({
      kind: 'json',
      value: { workflow: { '1': { class_type: 'X' } }, extra_data: { api_key_svc_org: key } },
    });
    // What the caller holds (the outbox's record) never gets the key.
    expect(JSON.stringify(body)).not.toContain(key);
  });

  it('keeps what extra_data already held beside the key', () => {
    const body: RequestBody = {
      kind: 'json',
      value: { workflow: {}, extra_data: { auth_token_svc_org: 't' } },
    };
    expect(withPartnerKey(body, bound, 'https://api.example')).toMatchObject({
      value: { extra_data: { auth_token_svc_org: 't', api_key_svc_org: key } },
    });
  });

  it.each([
    ['another origin', bound, 'https://router.example'],
    ['no key saved', null, 'https://api.example'],
    ['an empty key', { secret: '', origins: ['https://api.example'] }, 'https://api.example'],
  ])('leaves the body as it is for %s', (_case, credential, origin) => {
    const body = submission();
    expect(withPartnerKey(body, credential, origin)).toBe(body);
  });

  it('leaves a body that is not a JSON object as it is', () => {
    const array: RequestBody = { kind: 'json', value: [1, 2] };
    expect(withPartnerKey(array, bound, 'https://api.example')).toBe(array);
    expect(withPartnerKey(undefined, bound, 'https://api.example')).toBeUndefined();
  });
});

describe('the http layer and the partner key', () => {
  const noRetry = new RetryPolicy({ maxAttempts: 1 });
  const bodyOf = (server: TestServer, index = 0): string => server.requests[index]?.body.toString() ?? '';

  it('puts the key in the body of a POST that asks, to the profile’s own origin, and in nothing else', async () => {
    const api = await server((_req, res) => json(res, 201, {}));
    const http = new HttpClient({ connection: testConnection(api.origin, { credential: key }) });
    const body = submission();
    await (
      await http.send({ family: 'v2', method: 'POST', target: 'api/v2/jobs', body, partnerKey: true })
    ).discard();
    await (await http.send({ family: 'v2', method: 'POST', target: 'api/v2/jobs', body })).discard();
    expect(JSON.parse(bodyOf(api, 0))).toMatchObject({ extra_data: { api_key_svc_org: key } });
    expect(bodyOf(api, 1)).not.toContain(key);
    expect(api.requests.map((request) => request.url).join()).not.toContain(key);
    expect(JSON.stringify(body)).not.toContain(key);
  });

  it('never puts it in a body to another origin named by an absolute link', async () => {
    const other = await server((_req, res) => json(res, 201, {}));
    const api = await server((_req, res) => json(res, 201, {}));
    const http = new HttpClient({ connection: testConnection(api.origin, { credential: key }) });
    await (
      await http.send({
        family: 'v2',
        method: 'POST',
        target: `${other.origin}/api/v2/jobs`,
        body: submission(),
        partnerKey: true,
      })
    ).discard();
    expect(JSON.stringify(other.requests[0]?.headers)).not.toContain(key);
    expect(bodyOf(other)).not.toContain(key);
  });

  it('never follows a redirect of the POST, so the place it names sees nothing', async () => {
    const elsewhere = await server((_req, res) => json(res, 201, {}));
    const api = await server((_req, res) => {
      res.writeHead(307, { location: `${elsewhere.origin}/api/v2/jobs` });
      res.end();
    });
    const http = new HttpClient({
      connection: testConnection(api.origin, { credential: key }),
      retryPolicy: noRetry,
    });
    await expect(
      http.send({
        family: 'v2',
        method: 'POST',
        target: 'api/v2/jobs',
        body: submission(),
        partnerKey: true,
      }),
    ).rejects.toBeDefined();
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('does not put it in a v1 prompt unless asked, and does when asked', async () => {
    const api = await server((_req, res) => json(res, 200, { prompt_id: 'p', number: 1, node_errors: {} }));
    const http = new HttpClient({ connection: testConnection(api.origin, { credential: key }) });
    const prompt: RequestBody = { kind: 'json', value: { prompt: {} } };
    await (await http.send({ family: 'v1', method: 'POST', target: 'api/prompt', body: prompt })).discard();
    await (
      await http.send({ family: 'v1', method: 'POST', target: 'api/prompt', body: prompt, partnerKey: true })
    ).discard();
    expect(bodyOf(api, 0)).not.toContain(key);
    expect(JSON.parse(bodyOf(api, 1))).toEqual({ prompt: {}, extra_data: { api_key_svc_org: key } });
  });

  it('sends the submission without it when no key is saved', async () => {
    const api = await server((_req, res) => json(res, 201, {}));
    const http = new HttpClient({ connection: testConnection(api.origin, { credential: null }) });
    await (
      await http.send({
        family: 'v2',
        method: 'POST',
        target: 'api/v2/jobs',
        body: submission(),
        partnerKey: true,
      })
    ).discard();
    expect(JSON.parse(bodyOf(api))).toEqual({ workflow: { '1': { class_type: 'X' } } });
  });
});
