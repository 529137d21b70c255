// Conformance: the v1 legacy HTTP surface on the managed service (X-API-Key, {code, message} errors).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../kernel';
import { audioWorkflow, failingWorkflow, textToImageWorkflow } from '../jobs/sampleWorkflows';
import { makePng } from '../media';
import { arr, client, obj, startFast, waitFor, type Client } from '../testing/testKit';

let sim: RunningSimulator;
let v1: Client;

beforeAll(async () => {
  sim = await startFast({ surface: 'managed' });
  v1 = client(sim.url, 'demo-key', 'x-api-key');
});
afterAll(() => sim.close());

function v1Error(response: { body: unknown }): { code: unknown; message: unknown } {
  const body = obj(response.body);
  expect(typeof body.code).toBe('string');
  expect(typeof body.message).toBe('string');
  return { code: body.code, message: body.message };
}

async function prompt(workflow: unknown, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await v1.post('/api/prompt', { prompt: workflow, ...extra });
  expect(response.status).toBe(200);
  const body = obj(response.body);
  expect(body.node_errors).toEqual({});
  expect(typeof body.number).toBe('number');
  return String(body.prompt_id);
}

async function waitV1(id: string, statuses: string[]): Promise<string> {
  return waitFor(async () => {
    const status = String(obj((await v1.get(`/api/job/${id}/status`)).body).status);
    return statuses.includes(status) ? status : null;
  });
}

function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer }): FormData {
  const data = new FormData();
  if (file) data.set('image', new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), file.name);
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

async function upload(path: string, data: FormData): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'x-api-key': 'demo-key' },
    body: data,
  });
  return { status: response.status, body: await response.json() };
}

describe('v1 auth', () => {
  it('takes X-API-Key only', async () => {
    for (const who of [
      client(sim.url, null),
      client(sim.url, 'demo-key'),
      client(sim.url, 'nope', 'x-api-key'),
    ]) {
      const response = await who.get('/api/object_info');
      expect(response.status).toBe(401);
      expect(v1Error(response).code).toBe('UNAUTHORIZED');
    }
  });

  it('exists on the managed service only', async () => {
    const serverless = await startFast({ surface: 'serverless' });
    try {
      expect((await client(serverless.url, 'demo-key', 'x-api-key').get('/api/object_info')).status).toBe(
        404,
      );
    } finally {
      await serverless.close();
    }
  });
});

describe('object_info', () => {
  it('describes the same catalogue that validates submissions', async () => {
    const info = obj((await v1.get('/api/object_info')).body);
    const sampler = obj(info.KSampler);
    expect(obj(obj(sampler.input).required).steps).toEqual([
      'INT',
      { default: 20, min: 1, max: 10_000, step: 1 },
    ]);
    expect(sampler.output).toEqual(['LATENT']);
    expect(obj(info.SaveImage).output_node).toBe(true);
    for (const name of [
      'CheckpointLoaderSimple',
      'CLIPTextEncode',
      'EmptyLatentImage',
      'VAEDecode',
      'SaveAudio',
      'SaveWEBM',
      'SaveText',
      'SaveLatent',
      'LoadImage',
      'FailNode',
    ]) {
      expect(info[name]).toBeDefined();
    }
    expect(info.MagicUpscaler).toBeUndefined();
  });
});

describe('uploads', () => {
  const png = makePng(8, 8, 5);

  it('stores an image under a content-addressed name and ignores subfolder', async () => {
    const first = await upload(
      '/api/upload/image',
      form({ type: 'input', overwrite: 'true', subfolder: 'a/b' }, { name: 'cat.png', bytes: png }),
    );
    expect(first.status).toBe(200);
    const body = obj(first.body);
    expect(body).toMatchObject({ subfolder: '', type: 'input' });
    expect(String(body.name)).toMatch(/^[0-9a-f]{64}\.png$/);
    const again = await upload('/api/upload/image', form({}, { name: 'renamed.png', bytes: png }));
    expect(obj(again.body).name).toBe(body.name);
  });

  it('takes a mask with an original_ref', async () => {
    const ok = await upload(
      '/api/upload/mask',
      form(
        {
          type: 'input',
          subfolder: 'clipspace',
          original_ref: JSON.stringify({ filename: 'cat.png', subfolder: '', type: 'input' }),
        },
        { name: 'mask.png', bytes: png },
      ),
    );
    expect(ok.status).toBe(200);
    expect(obj(ok.body).subfolder).toBe('');
  });

  it.each([
    ['a mask without original_ref', '/api/upload/mask', form({}, { name: 'm.png', bytes: png })],
    [
      'a mask with a malformed original_ref',
      '/api/upload/mask',
      form({ original_ref: '{oops' }, { name: 'm.png', bytes: png }),
    ],
    ['no image field', '/api/upload/image', form({ type: 'input' })],
    ['an unknown type', '/api/upload/image', form({ type: 'elsewhere' }, { name: 'a.png', bytes: png })],
  ])('refuses %s with 400 {code, message}', async (_name, path, data) => {
    const response = await upload(path, data);
    expect(response.status).toBe(400);
    v1Error(response);
  });

  it('refuses a body that is not multipart', async () => {
    const response = await v1.post('/api/upload/image', { image: 'x' });
    expect(response.status).toBe(400);
    expect(v1Error(response).code).toBe('INVALID_CONTENT_TYPE');
  });
});

describe('prompt and status', () => {
  it('creates the same job the v2 surface reads, and reports v1 statuses', async () => {
    const id = await prompt(textToImageWorkflow({ steps: 10 }));
    const seen = await client(sim.url, 'demo-key').get(`/api/v2/jobs/${id}`);
    expect(seen.status).toBe(200);
    expect(await waitV1(id, ['success'])).toBe('success');
  });

  it('reports error for a failed job', async () => {
    const id = await prompt(failingWorkflow());
    expect(await waitV1(id, ['error'])).toBe('error');
  });

  it('refuses an invalid prompt with node_errors', async () => {
    const response = await v1.post('/api/prompt', { prompt: { '1': { class_type: 'Nope', inputs: {} } } });
    expect(response.status).toBe(400);
    expect(v1Error(response).code).toBe('INVALID_PROMPT');
    expect(obj(obj(response.body).node_errors)['1']).toBeDefined();
  });

  it.each([
    ['malformed JSON', '{"prompt":', 'INVALID_JSON'],
    ['no prompt', '{"extra_data":{}}', 'INVALID_PROMPT'],
    ['a non-object prompt', '{"prompt":[1]}', 'INVALID_PROMPT'],
  ])('refuses %s', async (_name, rawBody, code) => {
    const response = await v1.request('POST', '/api/prompt', {
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(v1Error(response).code).toBe(code);
  });

  it('answers 402 when credits run out', async () => {
    sim.control.setFaults({ insufficientCredits: true });
    try {
      const response = await v1.post('/api/prompt', { prompt: audioWorkflow() });
      expect(response.status).toBe(402);
      expect(v1Error(response).code).toBe('INSUFFICIENT_CREDITS');
    } finally {
      sim.control.setFaults({ insufficientCredits: false });
    }
  });

  it("answers 404 {code, message} for another user's job", async () => {
    const id = await prompt(audioWorkflow());
    const response = await client(sim.url, 'other-key', 'x-api-key').get(`/api/job/${id}/status`);
    expect(response.status).toBe(404);
    expect(v1Error(response).code).toBe('NOT_FOUND');
  });
});

describe('job list', () => {
  let list: RunningSimulator;
  let api: Client;
  const ids: string[] = [];

  beforeAll(async () => {
    list = await startFast({ surface: 'managed' });
    api = client(list.url, 'demo-key', 'x-api-key');
    const workflows = [
      audioWorkflow(),
      textToImageWorkflow({ steps: 2 }),
      failingWorkflow(),
      audioWorkflow(220),
    ];
    for (const [index, workflow] of workflows.entries()) {
      const extra = index === 1 ? { extra_data: { extra_pnginfo: { workflow: { id: 'wf-123' } } } } : {};
      const response = await api.post('/api/prompt', { prompt: workflow, ...extra });
      ids.push(String(obj(response.body).prompt_id));
    }
    await waitFor(async () => {
      const jobs = arr(obj((await api.get('/api/jobs?status=pending,in_progress')).body).jobs);
      return jobs.length === 0 ? true : null;
    });
  });
  afterAll(() => list.close());

  const page = async (query: string) => {
    const response = await api.get(`/api/jobs${query}`);
    expect(response.status).toBe(200);
    return obj(response.body);
  };

  it('pages by offset with totals, newest first by default', async () => {
    const first = await page('?limit=3');
    expect(first.pagination).toEqual({ offset: 0, limit: 3, total: 4, has_more: true });
    expect(arr(first.jobs).map((j) => obj(j).id)).toEqual([ids[3], ids[2], ids[1]]);
    const second = await page('?limit=3&offset=3');
    expect(second.pagination).toEqual({ offset: 3, limit: 3, total: 4, has_more: false });
    expect(arr(second.jobs).map((j) => obj(j).id)).toEqual([ids[0]]);
    expect((await page('')).pagination).toMatchObject({ limit: 100 });
  });

  it('shapes items as the v1 list does', async () => {
    const items = arr((await page('')).jobs).map(obj);
    const failed = items.find((i) => i.id === ids[2]);
    expect(failed?.status).toBe('failed');
    expect(obj(failed?.execution_error)).toMatchObject({
      node_id: '2',
      node_type: 'FailNode',
      exception_type: 'RuntimeError',
    });
    expect(Array.isArray(obj(failed?.execution_error).traceback)).toBe(true);
    const image = items.find((i) => i.id === ids[1]);
    expect(image).toMatchObject({
      status: 'completed',
      outputs_count: 1,
      workflow_id: 'wf-123',
      execution_error: null,
    });
    expect(obj(image?.preview_output)).toMatchObject({ nodeId: '9', mediaType: 'images', type: 'output' });
    for (const key of ['create_time', 'execution_start_time', 'execution_end_time'])
      expect(typeof image?.[key]).toBe('number');
    expect(image?.workflow).toBeUndefined();
    expect(image?.outputs).toBeUndefined();
  });

  it('filters by status, workflow_id and output_type, and sorts', async () => {
    expect(arr((await page('?status=failed')).jobs)).toHaveLength(1);
    expect(arr((await page('?status=completed,failed')).jobs)).toHaveLength(4);
    expect(arr((await page('?workflow_id=wf-123')).jobs).map((j) => obj(j).id)).toEqual([ids[1]]);
    expect(arr((await page('?output_type=audio')).jobs)).toHaveLength(2);
    expect(arr((await page('?output_type=video')).jobs)).toHaveLength(0);
    expect(arr((await page('?sort_order=asc')).jobs).map((j) => obj(j).id)).toEqual(ids);
    expect(arr((await page('?sort_by=execution_time')).jobs)).toHaveLength(4);
  });

  it.each([
    'limit=0',
    'limit=1001',
    'limit=x',
    'offset=-1',
    'sort_by=name',
    'sort_order=up',
    'output_type=text',
    'status=bogus',
  ])('refuses %s with 400 {code, message}', async (query) => {
    const response = await api.get(`/api/jobs?${query}`);
    expect(response.status).toBe(400);
    expect(v1Error(response).code).toBe('INVALID_PARAMETER');
  });
});
