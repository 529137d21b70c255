// Conformance: POST /api/v2/jobs and GET /api/v2/jobs/{id} — the happy path and every validation
// refusal with its exact code and details shape, through real sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../kernel';
import { makePng } from '../media';
import {
  arr,
  client,
  errorCode,
  obj,
  startFast,
  uploadAsset,
  waitForStatus,
  type Client,
} from '../testing/testKit';
import {
  assetInputWorkflow,
  audioWorkflow,
  textAndLatentWorkflow,
  textToImageWorkflow,
  videoWorkflow,
} from './sampleWorkflows';

let serverless: RunningSimulator;
let managed: RunningSimulator;
let api: Client;

beforeAll(async () => {
  [serverless, managed] = await Promise.all([
    startFast({ surface: 'serverless' }),
    startFast({ surface: 'managed' }),
  ]);
  api = client(serverless.url, 'demo-key');
});
afterAll(() => Promise.all([serverless.close(), managed.close()]));

function details(response: { body: unknown }): Record<string, unknown> {
  return obj(obj(obj(response.body).error).details);
}

describe('submit → queued → running → succeeded', () => {
  it('answers 201 with a queued Job whose links are host-relative', async () => {
    const response = await api.post('/api/v2/jobs', { workflow: textToImageWorkflow() });
    expect(response.status).toBe(201);
    const job = obj(response.body);
    expect(job.status).toBe('queued');
    expect(job.queue_position).toBe(0);
    expect(job.progress).toBeNull();
    expect(job.outputs).toEqual([]);
    expect(job.error).toBeNull();
    expect(job.metrics).toEqual({ queue_ms: null, execution_ms: null });
    const id = String(job.id);
    expect(job.urls).toEqual({
      self: `/api/v2/jobs/${id}`,
      events: `/api/v2/jobs/${id}/events`,
      cancel: `/api/v2/jobs/${id}/cancel`,
      logs: `/api/v2/jobs/${id}/logs`,
    });
    for (const field of ['created_at', 'expires_at'])
      expect(Number.isNaN(Date.parse(String(job[field])))).toBe(false);
  });

  it('runs node by node and commits real output files', async () => {
    const submitted = obj(
      (await api.post('/api/v2/jobs', { workflow: textToImageWorkflow({ batch: 2, steps: 30 }) })).body,
    );
    const id = String(submitted.id);
    const running = await waitForStatus(api, id, ['running']);
    expect(running.started_at).not.toBeNull();
    expect(obj(running.metrics).execution_ms).toBeNull();
    const done = await waitForStatus(api, id, ['succeeded']);
    expect(obj(done.progress)).toMatchObject({ value: 1, nodes_done: 7, nodes_total: 7 });
    expect(done.completed_at).not.toBeNull();
    expect(typeof obj(done.metrics).queue_ms).toBe('number');
    expect(typeof obj(done.metrics).execution_ms).toBe('number');
    const outputs = arr(done.outputs).map(obj);
    expect(outputs).toHaveLength(2);
    for (const output of outputs) {
      expect(output).toMatchObject({ node_id: '9', type: 'image', content_type: 'image/png', job_id: id });
      expect(output.url_expires_at).toBe(done.expires_at);
      const bytes = Buffer.from(await (await fetch(String(output.url))).arrayBuffer());
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(bytes.length).toBe(output.size_bytes);
      // Outputs are assets of the same owner, and in use while the job is retained.
      const asset = await api.get(`/api/v2/assets/${String(output.id)}`);
      expect(asset.status).toBe(200);
      expect((await api.request('DELETE', `/api/v2/assets/${String(output.id)}`)).status).toBe(409);
    }
  });

  it('produces WAV audio, text and latent outputs', async () => {
    const audio = String(
      obj((await api.post('/api/v2/jobs', { workflow: audioWorkflow(440, 200) })).body).id,
    );
    const text = String(
      obj((await api.post('/api/v2/jobs', { workflow: textAndLatentWorkflow('hello') })).body).id,
    );
    const audioJob = await waitForStatus(api, audio, ['succeeded']);
    const [wav] = arr(audioJob.outputs).map(obj);
    expect(wav).toMatchObject({ type: 'audio', content_type: 'audio/wav' });
    const wavBytes = Buffer.from(await (await fetch(String(wav?.url))).arrayBuffer());
    expect(wavBytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const textJob = await waitForStatus(api, text, ['succeeded']);
    const types = arr(textJob.outputs).map((o) => obj(o).type);
    expect(types.sort()).toEqual(['latent', 'text']);
    const textOutput = arr(textJob.outputs)
      .map(obj)
      .find((o) => o.type === 'text');
    expect(await (await fetch(String(textOutput?.url))).text()).toBe('hello');
  });

  it('produces a WebM video output from SaveWEBM', async () => {
    const id = String(
      obj((await api.post('/api/v2/jobs', { workflow: videoWorkflow({ steps: 2 }) })).body).id,
    );
    const job = await waitForStatus(api, id, ['succeeded']);
    const outputs = arr(job.outputs).map(obj);
    expect(outputs).toHaveLength(1);
    expect(outputs[0]).toMatchObject({ type: 'video', content_type: 'video/webm' });
    const bytes = Buffer.from(await (await fetch(String(outputs[0]?.url))).arrayBuffer());
    // The EBML header of a Matroska/WebM file, and the size the output says.
    expect(bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(bytes.includes(Buffer.from('webm', 'latin1'))).toBe(true);
    expect(bytes.length).toBe(outputs[0]?.size_bytes);
  });

  it('accepts labels and echoes them as metadata', async () => {
    const response = await api.post('/api/v2/jobs', {
      workflow: audioWorkflow(),
      metadata: { project: 'x', 'batch.id': 'b-1' },
    });
    expect(response.status).toBe(201);
    expect(obj(response.body).metadata).toEqual({ project: 'x', 'batch.id': 'b-1' });
  });

  it('accepts both extra_data credentials and never returns them', async () => {
    const response = await api.post('/api/v2/jobs', {
      workflow: audioWorkflow(),
      extra_data: { api_key_svc_org: 'k', auth_token_svc_org: 't' },
    });
    expect(response.status).toBe(201);
    const workflow = await api.get(`/api/v2/jobs/${String(obj(response.body).id)}/workflow`);
    expect(workflow.text).not.toContain('api_key_svc_org');
    expect(obj(workflow.body)).toEqual({ workflow: audioWorkflow(), format: 'api' });
  });

  it('accepts a core/ASSET reference the caller owns', async () => {
    const assetId = await uploadAsset(serverless.url, 'demo-key', makePng(8, 8, 1));
    const response = await api.post('/api/v2/jobs', { workflow: assetInputWorkflow(assetId) });
    expect(response.status).toBe(201);
    const done = await waitForStatus(api, String(obj(response.body).id), ['succeeded']);
    expect(arr(done.outputs)).toHaveLength(1);
  });
});

describe('validation refusals', () => {
  const submit = (body: unknown) => api.post('/api/v2/jobs', body);

  it('lists per-node {field, reason} errors for a bad graph', async () => {
    const workflow = textToImageWorkflow();
    const broken = {
      ...workflow,
      '3': { class_type: 'KSampler', inputs: { ...workflow['3']?.inputs, steps: 'many', model: ['99', 0] } },
      '9': { class_type: 'SaveImage', inputs: { images: ['4', 0] } },
    };
    const response = await submit({ workflow: broken });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('invalid_workflow');
    const nodeErrors = obj(details(response).node_errors);
    expect(arr(nodeErrors['3'])).toEqual(
      expect.arrayContaining([
        { field: 'steps', reason: 'expects an integer' },
        { field: 'model', reason: 'links to node "99", which does not exist' },
      ]),
    );
    expect(arr(nodeErrors['9'])).toEqual(
      expect.arrayContaining([
        { field: 'filename_prefix', reason: 'required input is missing' },
        { field: 'images', reason: 'expects IMAGE, got MODEL' },
      ]),
    );
    expect(details(response).unknown_node_classes).toBeUndefined();
  });

  it('reports unknown node classes in the object shape plus unknown_node_classes', async () => {
    const response = await submit({
      workflow: {
        ...audioWorkflow(),
        '7': { class_type: 'MagicUpscaler', inputs: {} },
        '8': { class_type: 'Aardvark', inputs: {} },
      },
    });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('invalid_workflow');
    expect(obj(details(response).node_errors)['7']).toEqual({
      class_type: 'MagicUpscaler',
      errors: [{ type: 'unknown_node_class', message: 'Node class "MagicUpscaler" is not installed.' }],
    });
    expect(details(response).unknown_node_classes).toEqual(['Aardvark', 'MagicUpscaler']);
  });

  it.each([
    ['an empty graph', {}],
    ['a non-object graph', ['not', 'a', 'graph']],
    [
      'a graph with no output node',
      { '1': { class_type: 'EmptyLatentImage', inputs: { width: 64, height: 64, batch_size: 1 } } },
    ],
    [
      'a cycle',
      {
        '1': { class_type: 'VAEDecode', inputs: { samples: ['2', 0], vae: ['3', 2] } },
        '2': { class_type: 'SaveLatent', inputs: { samples: ['1', 0], filename_prefix: 'x' } },
        '3': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd_xl_base_1.0.safetensors' } },
      },
    ],
    ['a node without class_type', { '1': { inputs: {} } }],
  ])('refuses %s with invalid_workflow', async (_name, workflow) => {
    const response = await submit({ workflow });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('invalid_workflow');
    expect(typeof details(response).node_errors).toBe('object');
  });

  it('refuses the UI format with workflow_format_ui', async () => {
    const response = await submit({ workflow: { nodes: [{ id: 1, type: 'SaveImage' }], links: [] } });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('workflow_format_ui');
  });

  it.each([
    ['webhook_url', { workflow: audioWorkflow(), webhook_url: 'https://example.com/hook' }],
    ['inputs', { workflow: audioWorkflow(), inputs: {} }],
    ['no workflow', { extra_data: {} }],
    ['a non-object body', [1, 2, 3]],
    ['a null workflow', { workflow: null }],
  ])('refuses %s with 422 invalid_workflow', async (_name, body) => {
    const response = await submit(body);
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('invalid_workflow');
  });

  it.each([
    ['an unknown extra_data key', { api_key_svc_org: 'k', webhook: 'x' }],
    ['a non-string credential', { api_key_svc_org: 42 }],
    ['a non-object extra_data', 'key'],
  ])('refuses %s with 400 invalid_request', async (_name, extraData) => {
    const response = await submit({ workflow: audioWorkflow(), extra_data: extraData });
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('invalid_request');
  });

  it('refuses malformed JSON with 400 invalid_request and keeps serving', async () => {
    const response = await api.request('POST', '/api/v2/jobs', {
      rawBody: '{"workflow": {',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(errorCode(response)).toBe('invalid_request');
    expect((await api.get('/api/v2/jobs')).status).toBe(200);
  });

  it.each([
    ['unknown id', { __type: 'core/ASSET', info: { id: '00000000-0000-4000-8000-000000000000' } }],
    ['missing info', { __type: 'core/ASSET' }],
    ['non-object info', { __type: 'core/ASSET', info: 'abc' }],
    ['empty info', { __type: 'core/ASSET', info: {} }],
    ['info without id', { __type: 'core/ASSET', info: { hash: 'blake3:00', file_path: 'a.png' } }],
  ])('refuses a core/ASSET reference with %s as missing_asset', async (_name, ref) => {
    const response = await submit({
      workflow: {
        '1': { class_type: 'LoadImage', inputs: { image: ref } },
        '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'x' } },
      },
    });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('missing_asset');
    expect(details(response)).toMatchObject({ node_id: '1', field: 'image' });
  });

  it("refuses another owner's asset as missing_asset", async () => {
    const foreign = await uploadAsset(serverless.url, 'other-key', makePng(8, 8, 2));
    const response = await submit({ workflow: assetInputWorkflow(foreign) });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('missing_asset');
    expect(details(response).asset_id).toBe(foreign);
  });

  it.each([
    ['a non-object', 'labels'],
    ['a bad key', { 'has space': 'x' }],
    ['a 41-character key', { ['k'.repeat(41)]: 'x' }],
    ['a non-string value', { n: 1 }],
    ['17 pairs', Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v']))],
  ])('refuses labels with %s as metadata_invalid', async (_name, metadata) => {
    const response = await submit({ workflow: audioWorkflow(), metadata });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('metadata_invalid');
  });

  it('answers metadata_not_supported for labels on the managed service', async () => {
    const response = await client(managed.url, 'demo-key').post('/api/v2/jobs', {
      workflow: audioWorkflow(),
      metadata: { a: 'b' },
    });
    expect(response.status).toBe(422);
    expect(errorCode(response)).toBe('metadata_not_supported');
  });
});

describe('auth and owner scoping', () => {
  it('answers 401 unauthorized without or with a wrong key', async () => {
    for (const key of [null, 'wrong-key']) {
      const anonymous = client(serverless.url, key);
      const submit = await anonymous.post('/api/v2/jobs', { workflow: audioWorkflow() });
      expect(submit.status).toBe(401);
      expect(errorCode(submit)).toBe('unauthorized');
      expect((await anonymous.get('/api/v2/jobs')).status).toBe(401);
    }
  });

  it('says so when a deployment is sent a JWT bearer', async () => {
    const response = await client(serverless.url, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln').get(
      '/api/v2/jobs',
    );
    expect(response.status).toBe(401);
    expect(String(obj(obj(response.body).error).message)).toContain('JWT');
  });

  it('answers 404 for a foreign, unknown or malformed job id on every job route', async () => {
    const id = String(obj((await api.post('/api/v2/jobs', { workflow: audioWorkflow() })).body).id);
    const other = client(serverless.url, 'other-key');
    for (const path of [
      `/api/v2/jobs/${id}`,
      `/api/v2/jobs/${id}/workflow`,
      `/api/v2/jobs/${id}/logs`,
      `/api/v2/jobs/${id}/events`,
    ]) {
      const response = await other.get(path);
      expect(response.status).toBe(404);
      expect(errorCode(response)).toBe('not_found');
    }
    expect((await other.post(`/api/v2/jobs/${id}/cancel`)).status).toBe(404);
    expect((await api.get('/api/v2/jobs/not-a-job')).status).toBe(404);
  });

  it('answers 405 with the envelope for a wrong method', async () => {
    const response = await api.request('DELETE', '/api/v2/jobs');
    expect(response.status).toBe(405);
    expect(errorCode(response)).toBe('method_not_allowed');
  });
});
