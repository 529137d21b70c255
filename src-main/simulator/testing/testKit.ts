// Helpers for the simulator's own conformance tests: fast timings, a small authenticated client
// over real sockets, polling until a status, and an SSE reader.
import type { RunningSimulator } from '../kernel';
import type { SimulatorOptions, SimulatorTiming } from '../options';
import { startSimulator } from '../server';

export const fastTiming: Partial<SimulatorTiming> = {
  dispatchMs: 5,
  nodeMs: 2,
  stepMs: 3,
  progressThrottleMs: 20,
  previewThrottleMs: 20,
  keepaliveMs: 40,
  routerQueueStepMs: 5,
};

export function startFast(options: SimulatorOptions): Promise<RunningSimulator> {
  return startSimulator({ ...options, timing: { ...fastTiming, ...options.timing } });
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface Client {
  request(
    method: string,
    path: string,
    init?: { body?: unknown; rawBody?: string; form?: FormData; headers?: Record<string, string> },
  ): Promise<JsonResponse>;
  get(path: string, headers?: Record<string, string>): Promise<JsonResponse>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<JsonResponse>;
}

/** Read a response whole: its text, and that text as JSON when it parses (null otherwise). */
export async function toJsonResponse(response: Response): Promise<JsonResponse> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** A client for `base` (the simulator URL, prefix included) sending `Authorization: Bearer key`. */
export function client(base: string, key: string | null, scheme: 'bearer' | 'x-api-key' = 'bearer'): Client {
  const request: Client['request'] = async (method, path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (key !== null) {
      if (scheme === 'bearer') headers.authorization = `Bearer ${key}`;
      else headers['x-api-key'] = key;
    }
    let body: string | FormData | undefined = init.form ?? init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    return toJsonResponse(await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual' }));
  };
  return {
    request,
    get: (path, headers) => request('GET', path, { headers: headers ?? {} }),
    post: (path, body, headers) => request('POST', path, { body, headers: headers ?? {} }),
  };
}

/** Narrow an unknown JSON body for assertions. */
export function obj(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`not an object: ${JSON.stringify(value)}`);
  return value as Record<string, unknown>;
}

export function arr(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Error(`not an array: ${JSON.stringify(value)}`);
  return value;
}

export function errorCode(response: JsonResponse): string {
  return String(obj(obj(response.body).error).code);
}

export async function waitFor<T>(
  probe: () => Promise<T | null>,
  timeoutMs = 5000,
  intervalMs = 5,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Poll GET /api/v2/jobs/{id} until its status is one of `statuses`. */
export function waitForStatus(
  api: Client,
  id: string,
  statuses: string[],
  timeoutMs = 5000,
): Promise<Record<string, unknown>> {
  return waitFor(async () => {
    const response = await api.get(`/api/v2/jobs/${id}`);
    const job = obj(response.body);
    return statuses.includes(String(job.status)) ? job : null;
  }, timeoutMs);
}

export interface SseFrame {
  event: string;
  data: unknown;
}

export interface SseCapture {
  status: number;
  frames: SseFrame[];
  comments: string[];
  /** True when the server ended the stream (as opposed to the reader giving up). */
  endedByServer: boolean;
  rawHasIdLines: boolean;
}

/** Read an SSE stream until the server ends it or `maxMs` passes. */
export async function readSse(
  url: string,
  headers: Record<string, string>,
  maxMs = 5000,
): Promise<SseCapture> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), maxMs);
  const capture: SseCapture = {
    status: 0,
    frames: [],
    comments: [],
    endedByServer: false,
    rawHasIdLines: false,
  };
  try {
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: controller.signal,
    });
    capture.status = response.status;
    if (!response.body || response.status !== 200) return capture;
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let boundary = buffer.indexOf('\n\n');
      while (boundary !== -1) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) capture.comments.push(line.slice(1).trim());
          else if (line.startsWith('event: ')) event = line.slice(7);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
          else if (line.startsWith('id:')) capture.rawHasIdLines = true;
        }
        if (data.length > 0) capture.frames.push({ event, data: JSON.parse(data.join('\n')) as unknown });
        boundary = buffer.indexOf('\n\n');
      }
    }
    capture.endedByServer = true;
  } catch (error) {
    if (!(error instanceof Error && error.name === 'AbortError')) throw error;
  } finally {
    clearTimeout(timer);
  }
  return capture;
}

/** Upload bytes through POST /api/v2/assets and return the new asset id. */
export async function uploadAsset(
  base: string,
  key: string,
  bytes: Buffer,
  fileName = 'input.png',
): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), fileName);
  form.set('file_path', fileName);
  const response = await fetch(`${base}/api/v2/assets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  const body = obj(await response.json());
  if (response.status !== 200 && response.status !== 201)
    throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return String(body.id);
}
