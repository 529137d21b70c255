// The hostile server is the judge of every trial, so it is checked on its own first, over real sockets: the
// spec's Idempotency-Key rules 1–5 (rule 6, expiry after 24 hours, is longer than any trial), list pages
// with cursors, cancel, and what each fault does to the exchange.
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFault } from '../faults';
import { trialWorkflow } from '../trialWorkflow';
import { CHAOS_API_KEY, startHostileServer, type HostileServer } from './server';

let server: HostileServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(faults: ServerFault[] = [], runMs: [number, number] = [20, 21]): Promise<HostileServer> {
  await server?.close();
  server = await startHostileServer({
    seed: 1,
    faults,
    clock: { queuedMs: [0, 1], runMs, failRate: 0, longRun: { identities: new Set(), ms: 0 } },
    clientTimeoutMs: 300,
    seededBlobs: [],
  });
  return server;
}

function submit(url: string, key: string | null, workflow: unknown = trialWorkflow()): Promise<Response> {
  return fetch(`${url}/api/v2/jobs`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${CHAOS_API_KEY}`,
      'content-type': 'application/json',
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify({ workflow }),
  });
}

async function code(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: { code?: string } };
  return `${response.status} ${body.error?.code ?? ''}`.trim();
}

const fault = (kind: ServerFault['kind'], processed: boolean): ServerFault => ({
  route: 'submit',
  kind,
  targets: ['stray'],
  times: 1,
  processed,
});

describe('the hostile service keeps the Idempotency-Key rules', () => {
  it('processes a key once and refuses every later use, whatever the body (rules 1, 2)', async () => {
    const { url, ledger } = await start();
    expect((await submit(url, 'k1')).status).toBe(201);
    expect(await code(await submit(url, 'k1'))).toBe('422 idempotency_key_reuse');
    expect(await code(await submit(url, 'k1', { '1': { class_type: 'Other', inputs: {} } }))).toBe(
      '422 idempotency_key_reuse',
    );
    expect(ledger.jobs.size).toBe(1);
  });

  it('leaves the key free after a validation error or a 429, so the retry goes through (rules 3, 4)', async () => {
    const { url, ledger } = await start([fault('status-429', false)]);
    expect(await code(await submit(url, 'k2', { nodes: [], links: [] }))).toBe('422 workflow_format_ui');
    const refused = await submit(url, 'k2');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await code(refused)).toBe('429 queue_full');
    expect((await submit(url, 'k2')).status).toBe(201);
    expect(ledger.jobs.size).toBe(1);
  });

  it('keeps the key claimed after a 5xx whether or not the job was made (rule 5)', async () => {
    const { url, ledger } = await start([fault('status-500', false)]);
    expect(await code(await submit(url, 'k3'))).toBe('500 upstream_error');
    expect(await code(await submit(url, 'k3'))).toBe('422 idempotency_key_reuse');
    expect(ledger.jobs.size).toBe(0);
    const made = await start([fault('status-503', true)]);
    expect(await code(await submit(made.url, 'k4'))).toBe('503 upstream_unreachable');
    expect(made.ledger.jobs.size).toBe(1);
  });
});

describe('the hostile service’s faults', () => {
  it('cuts the connection before the status line: the client gets no response, the job may exist', async () => {
    const { url, ledger } = await start([fault('cut-before-status', true)]);
    await expect(submit(url, 'k5')).rejects.toThrow();
    expect(ledger.jobs.size).toBe(1);
  });

  it('sends the status line alone, then cuts: still no response for the client', async () => {
    const { url } = await start([fault('cut-after-status', true)]);
    await expect(submit(url, 'k6')).rejects.toThrow();
  });

  it('answers 201 and then loses the body: headers, half a body, or none that parses', async () => {
    const { url, ledger } = await start([
      { ...fault('cut-mid-body', true), times: 1 },
      { ...fault('non-json', true), times: 1 },
      { ...fault('empty-2xx', true), times: 1 },
    ]);
    const cut = await submit(url, 'k7');
    expect(cut.status).toBe(201);
    await expect(cut.text()).rejects.toThrow();
    const html = await submit(url, 'k8');
    expect(html.status).toBe(201);
    expect(await html.text()).toContain('<html>');
    const empty = await submit(url, 'k9');
    expect(empty.status).toBe(201);
    expect(await empty.text()).toBe('');
    expect(ledger.jobs.size).toBe(3);
  });

  it('sends a 50 MB body that is valid JSON, and a body that never ends', async () => {
    const { url } = await start([
      fault('huge-body', true),
      { ...fault('never-ending-body', true), times: 1 },
    ]);
    const huge = await submit(url, 'k10');
    expect(Number(huge.headers.get('content-length'))).toBeGreaterThan(50 * 1024 * 1024);
    await huge.body?.cancel();
    const endless = await submit(url, 'k11');
    const body: ReadableStream<Uint8Array> | null = endless.body;
    const reader = body?.getReader();
    let received = 0;
    while (reader !== undefined && received < 1024 * 1024) {
      const { value } = await reader.read();
      received += value?.byteLength ?? 0;
    }
    await reader?.cancel();
    expect(received).toBeGreaterThanOrEqual(1024 * 1024);
  });
});

describe('the hostile service’s reads and cancel', () => {
  it('lists newest first across cursor pages, each job once, and refuses a bad cursor or limit', async () => {
    const { url } = await start();
    for (const key of ['a', 'b', 'c']) await submit(url, key);
    const get = (query: string) =>
      fetch(`${url}/api/v2/jobs${query}`, { headers: { authorization: `Bearer ${CHAOS_API_KEY}` } });
    const first = (await (await get('?limit=2')).json()) as {
      jobs: Array<{ id: string }>;
      next_cursor?: string;
    };
    const second = (await (await get(`?limit=2&cursor=${first.next_cursor ?? ''}`)).json()) as typeof first;
    const ids = [...first.jobs, ...second.jobs].map((job) => job.id);
    expect(new Set(ids).size).toBe(3);
    expect(second.next_cursor).toBeUndefined();
    expect(await code(await get('?cursor=zzz'))).toBe('400 invalid_cursor');
    expect(await code(await get('?limit=0'))).toBe('422 invalid_request');
  });

  it('cancels a running job (canceling, then canceled) and leaves a finished one as it is', async () => {
    // A run of seconds: on a loaded machine the cancel's round trip alone outlasted a 20 ms job (seen in CI).
    const { url, ledger } = await start([], [5_000, 5_001]);
    const job = (await (await submit(url, 'k12')).json()) as { id: string };
    const cancel = () =>
      fetch(`${url}/api/v2/jobs/${job.id}/cancel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${CHAOS_API_KEY}` },
      });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const first = (await (await cancel()).json()) as { status: string };
    expect(['canceling', 'canceled']).toContain(first.status);
    await new Promise((resolve) => setTimeout(resolve, 60));
    const again = (await (await cancel()).json()) as { status: string };
    expect(again.status).toBe('canceled');
    expect(ledger.jobs.get(job.id)?.cancelRequestedAt).not.toBeNull();
  });
});
