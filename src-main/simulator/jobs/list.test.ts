// Conformance: GET /api/v2/jobs — newest first, limit rules, opaque cursors, label filters and every
// refusal the spec lists, and the per-surface differences.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../kernel';
import { arr, client, errorCode, obj, startFast, type Client } from '../testing/testKit';
import { audioWorkflow } from './sampleWorkflows';

let sim: RunningSimulator;
let api: Client;
const created: string[] = [];

// Jobs are only listed, never run here: a long dispatch keeps the worker out of the way.
beforeAll(async () => {
  sim = await startFast({ surface: 'serverless', timing: { dispatchMs: 60_000 } });
  api = client(sim.url, 'demo-key');
  const labels = [
    { project: 'a', batch: '1' },
    { project: 'a', batch: '2' },
    { project: 'b', batch: '1' },
    { project: 'a;b' },
    {},
  ];
  for (const metadata of labels) {
    const response = await api.post('/api/v2/jobs', { workflow: audioWorkflow(), metadata });
    created.push(String(obj(response.body).id));
  }
  await client(sim.url, 'other-key').post('/api/v2/jobs', {
    workflow: audioWorkflow(),
    metadata: { project: 'a' },
  });
});
afterAll(() => sim.close());

async function listIds(query: string, as: Client = api): Promise<string[]> {
  const response = await as.get(`/api/v2/jobs${query}`);
  expect(response.status).toBe(200);
  return arr(obj(response.body).jobs).map((item) => String(obj(item).id));
}

describe('listing', () => {
  it('lists only the caller’s jobs, newest first, as list items without outputs or urls', async () => {
    const response = await api.get('/api/v2/jobs');
    const body = obj(response.body);
    expect(body.next_cursor).toBeUndefined();
    const items = arr(body.jobs).map(obj);
    expect(items.map((i) => i.id)).toEqual([...created].reverse());
    const [first] = items;
    expect(Object.keys(first ?? {}).sort()).toEqual([
      'create_time',
      'id',
      'metadata',
      'release_version',
      'status',
      'update_time',
    ]);
    expect(first?.metadata).toEqual({});
    expect(typeof first?.release_version).toBe('number');
  });

  it('pages with opaque cursors, each job once even while new jobs arrive', async () => {
    const page1 = obj((await api.get('/api/v2/jobs?limit=2')).body);
    expect(arr(page1.jobs)).toHaveLength(2);
    expect(typeof page1.next_cursor).toBe('string');
    const fresh = String(obj((await api.post('/api/v2/jobs', { workflow: audioWorkflow() })).body).id);
    const seen = arr(page1.jobs).map((j) => String(obj(j).id));
    let cursor = page1.next_cursor;
    while (typeof cursor === 'string') {
      const page = obj((await api.get(`/api/v2/jobs?limit=2&cursor=${encodeURIComponent(cursor)}`)).body);
      seen.push(...arr(page.jobs).map((j) => String(obj(j).id)));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual([...created].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(fresh);
    await api.post(`/api/v2/jobs/${fresh}/cancel`);
  });

  it.each(['0', '-1', '1.5', 'abc', '', '1e3', '%31%2E5'])(
    'refuses limit=%s with 422 invalid_request',
    async (limit) => {
      const response = await api.get(`/api/v2/jobs?limit=${limit}`);
      expect(response.status).toBe(422);
      expect(errorCode(response)).toBe('invalid_request');
    },
  );

  it('reads a limit above 500 as 500', async () => {
    expect((await api.get('/api/v2/jobs?limit=501')).status).toBe(200);
    expect((await api.get('/api/v2/jobs?limit=99999999999999999999')).status).toBe(200);
  });

  it.each(['garbage!', 'bm90LWEtY3Vyc29y', '%ZZ', 'am9icy52MS4', 'am9icy52MS4tMQ'])(
    'refuses cursor=%s with 400 invalid_cursor',
    async (cursor) => {
      const response = await api.get(`/api/v2/jobs?cursor=${cursor}`);
      expect(response.status).toBe(400);
      expect(errorCode(response)).toBe('invalid_cursor');
      expect(obj(obj(response.body).error).organization_id).toBeTypeOf('string');
    },
  );
});

describe('label filters', () => {
  it('filters by exact label match, all filters applying', async () => {
    expect(await listIds('?metadata[project]=a')).toEqual([created[1], created[0]]);
    expect(await listIds('?metadata%5Bproject%5D=a&metadata[batch]=2')).toEqual([created[1]]);
    expect(await listIds('?metadata[project]=a%3Bb')).toEqual([created[3]]);
    expect(await listIds('?metadata[project]=zzz')).toEqual([]);
    expect(await listIds('?metadata[project]=a', client(sim.url, 'other-key'))).toHaveLength(1);
  });

  it('accepts three filters', async () => {
    expect(await listIds('?metadata[project]=a&metadata[batch]=1&metadata[x]=y')).toEqual([]);
  });

  it.each([
    ['a 4th filter', 'metadata[a]=1&metadata[b]=2&metadata[c]=3&metadata[d]=4'],
    ['a repeated key', 'metadata[project]=a&metadata[project]=b'],
    ['a key with a space', 'metadata[bad%20key]=1'],
    ['a 41-character key', `metadata[${'k'.repeat(41)}]=1`],
    ['an empty key', 'metadata[]=1'],
    ['a control character', 'metadata[project]=a%07'],
    ['a newline', 'metadata[project]=a%0A'],
    ['DEL', 'metadata[project]=a%7F'],
    ['a bidi override (U+202E)', 'metadata[project]=%E2%80%AEa'],
    ['a bidi embedding (U+202A)', 'metadata[project]=%E2%80%AAa'],
    ['a bidi isolate (U+2066)', 'metadata[project]=%E2%81%A6a'],
    ['a raw ;', 'metadata[project]=a;b'],
    ['a bad % escape', 'metadata[project]=a%G1'],
    ['a truncated % escape', 'metadata[project]=a%2'],
    ['an escape that is not UTF-8', 'metadata[project]=%E2%80'],
    ['a bad escape in the key', 'metadata[pro%ZZject]=a'],
  ])('refuses %s with 400 invalid_metadata_filter', async (_name, query) => {
    const response = await api.get(`/api/v2/jobs?${query}`);
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('invalid_metadata_filter');
  });
});

describe('surfaces', () => {
  it('answers 501 not_implemented on the managed service', async () => {
    const managed = await startFast({ surface: 'managed' });
    try {
      const response = await client(managed.url, 'demo-key').get('/api/v2/jobs');
      expect(response.status).toBe(501);
      expect(errorCode(response)).toBe('not_implemented');
    } finally {
      await managed.close();
    }
  });

  it('self-hosted lists but keeps no labels, so a filtered list is empty', async () => {
    const local = await startFast({ surface: 'self-hosted', timing: { dispatchMs: 60_000 } });
    try {
      const anonymous = client(local.url, null);
      const submitted = await anonymous.post('/api/v2/jobs', {
        workflow: audioWorkflow(),
        metadata: { project: 'a' },
      });
      expect(submitted.status).toBe(201);
      expect(obj(submitted.body).metadata).toBeUndefined();
      expect(await listIds('', anonymous)).toEqual([obj(submitted.body).id]);
      expect(await listIds('?metadata[project]=a', anonymous)).toEqual([]);
    } finally {
      await local.close();
    }
  });
});
