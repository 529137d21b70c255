// Test support for the v2 error table (v2ErrorTable.test.ts): the shape of one case, the callers a case may
// use, and the few ways of getting a job, an output or an asset that several cases share.
import type { FaultInput } from '../../faultSettings';
import type { RunningSimulator } from '../../kernel';
import { audioWorkflow, textToImageWorkflow } from '../../jobs/sampleWorkflows';
import { makePng } from '../../media';
import { obj, waitForStatus, type Client, type JsonResponse } from '../testKit';
import type { Surface } from '../../types';

export interface V2Env {
  sim: RunningSimulator;
  /** The allowed caller, whose key is `allowedKey`. */
  api: Client;
  allowedKey: string;
  /** A caller whose key the simulator was started with in `forbiddenKeys`. */
  forbidden: Client;
  /** A caller with a key the service does not know. */
  stranger: Client;
}

export interface V2ErrorCase {
  /** Test name: the code and, when a code has several routes to it, which one. */
  name: string;
  code: string;
  status: number;
  /** Surfaces the documents give the code to. */
  on: readonly Surface[];
  /** Surfaces the documents deny it: the same provocation must answer something else. */
  absentOn?: readonly Surface[];
  /** The answer must carry Retry-After (the spec's 429s). */
  retryAfter?: boolean;
  provoke(env: V2Env): Promise<JsonResponse>;
}

export const allSurfaces: readonly Surface[] = ['self-hosted', 'managed', 'serverless'];
/** Job listing exists on serverless and (in a current build) on the self-hosted proxy; managed answers 501. */
export const listingSurfaces: readonly Surface[] = ['self-hosted', 'serverless'];

export const quickJob = { workflow: audioWorkflow(440, 20) };

export function submit(
  api: Client,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  return api.post('/api/v2/jobs', body, headers);
}

/** Set faults in-process, then submit a quick job. */
export function submitUnderFault(faults: FaultInput): (env: V2Env) => Promise<JsonResponse> {
  return ({ sim, api }) => {
    sim.control.setFaults(faults);
    return submit(api, quickJob);
  };
}

export async function quickJobId(api: Client): Promise<string> {
  return String(obj((await submit(api, quickJob)).body).id);
}

/** A job that runs long enough to hold an SSE stream open for the whole case (reset abandons it). */
export async function longJobId(api: Client): Promise<string> {
  return String(obj((await submit(api, { workflow: textToImageWorkflow({ steps: 500 }) })).body).id);
}

/** The asset id of a finished job's first output. */
export async function outputId(api: Client): Promise<string> {
  const job = await waitForStatus(api, await quickJobId(api), ['succeeded']);
  const outputs = job.outputs;
  if (!Array.isArray(outputs) || outputs.length === 0) throw new Error('the job produced no output');
  return String(obj(outputs[0]).id);
}

/** POST /api/v2/assets with a small PNG and the given form fields. */
export function upload(client: Client, fields: Record<string, string> = {}): Promise<JsonResponse> {
  const form = new FormData();
  const png = makePng(4, 4, Math.floor(Math.random() * 1e6));
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'in.png');
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return client.request('POST', '/api/v2/assets', { form });
}

export async function uploadedId(client: Client): Promise<string> {
  const response = await upload(client);
  if (response.status !== 201 && response.status !== 200) throw new Error(`upload failed: ${response.text}`);
  return String(obj(response.body).id);
}
