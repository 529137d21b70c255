// Test support for the Router error table (routerErrorTable.test.ts): the shape of one case, the callers a
// case may use (X-API-Key, as the Router's own convention), and following the queue's returned links.
import type { RunningSimulator } from '../../kernel';
import { client, obj, toJsonResponse, waitFor, type Client, type JsonResponse } from '../testKit';

export interface RouterEnv {
  sim: RunningSimulator;
  /** On the queued-surface rollout. */
  api: Client;
  apiKey: string;
  /** A valid caller that is not on the rollout (routerEnabledKeys leaves it out). */
  notEnabled: Client;
  /** A key the simulator was started with in `forbiddenKeys`. */
  forbidden: Client;
  anonymous: Client;
}

export interface RouterErrorCase {
  name: string;
  /** The X-Svc-Error-Type bucket (NOTES.md Part B lists the documented ones). */
  errorType: string;
  status: number;
  provoke(env: RouterEnv): Promise<JsonResponse>;
}

export function routerClient(sim: RunningSimulator, key: string | null): Client {
  return client(sim.url, key, 'x-api-key');
}

/** Fetch one of the queue's absolute links with the caller's key, as a JsonResponse. */
export async function follow(env: RouterEnv, url: string, method = 'GET'): Promise<JsonResponse> {
  return toJsonResponse(await fetch(url, { method, headers: { 'x-api-key': env.apiKey } }));
}

export interface Handle {
  status_url: string;
  response_url: string;
  cancel_url: string;
}

export async function submitQueued(env: RouterEnv, model: string, body: unknown): Promise<Handle> {
  const response = await env.api.post(`/v2/models/${model}/requests`, body);
  if (response.status !== 201) throw new Error(`queued submit refused: ${response.status} ${response.text}`);
  const handle = obj(response.body);
  return {
    status_url: String(handle.status_url),
    response_url: String(handle.response_url),
    cancel_url: String(handle.cancel_url),
  };
}

/** Poll the status link until COMPLETED, then read the result link. */
export async function resultWhenCompleted(env: RouterEnv, handle: Handle): Promise<JsonResponse> {
  await waitFor(async () => {
    const status = obj((await follow(env, handle.status_url)).body);
    return status.status === 'COMPLETED' ? status : null;
  });
  return follow(env, handle.response_url);
}
