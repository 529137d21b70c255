// followJobEvents against the simulator's SSE stream (NOTES "v2 SSE catalog", "Stream lifecycle"): the
// event kinds of a run up to its terminal status on each surface, a stream that drops mid-run (poll, then
// reconnect), the stream cap's 429 too_many_streams with Retry-After, and refusals that end streaming.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { textToImageWorkflow } from '../../../../simulator/jobs/sampleWorkflows';
import type { Surface } from '../../connection';
import { isTerminalJobStatus } from '../../schemas/job';
import { followJobEvents, type JobStreamEvent, type StreamEnd } from '../../sse';
import { simulatorFixture } from './simulatorFixture';
import {
  apiErrorOf,
  clientsFor,
  connectionTo,
  setFaults,
  simRequests,
  untilTerminal,
  type Clients,
} from './simulatorHarness';

const longRun = textToImageWorkflow({ steps: 12 });

async function follow(
  api: Clients,
  url: string,
  jobId: string,
  extra: { sleep?: (ms: number) => Promise<void> } = {},
): Promise<{ end: StreamEnd; events: JobStreamEvent[]; polls: number }> {
  const events: JobStreamEvent[] = [];
  let polls = 0;
  const end = await followJobEvents({
    http: api.http,
    url,
    onEvent: (event) => events.push(event),
    poll: async () => {
      polls += 1;
      return isTerminalJobStatus((await api.jobs.get(jobId)).status);
    },
    reconnectDelayMs: 5,
    random: () => 0,
    terminalGraceMs: 200,
    ...(extra.sleep === undefined ? {} : { sleep: extra.sleep }),
  });
  return { end, events, polls };
}

describe.each<{ surface: Surface; prefix: string }>([
  { surface: 'self-hosted', prefix: '' },
  { surface: 'managed', prefix: '/mount' },
  { surface: 'serverless', prefix: '' },
])('events on $surface, prefix "$prefix"', ({ surface, prefix }) => {
  const env = simulatorFixture({ surface, prefix }, { resetAfterEach: false });

  it('a run streams status, progress, previews and outputs, and ends on the terminal status', async () => {
    const job = await env.api.jobs.submit({ workflow: longRun });
    const { end, events } = await follow(env.api, job.urls.events, job.id);
    expect(end).toEqual({ reason: 'terminal', status: 'succeeded' });
    expect(events[0]).toMatchObject({ type: 'status' });
    const kinds = new Set(events.map((event) => event.type));
    for (const kind of ['status', 'progress', 'preview', 'output'] as const) expect(kinds).toContain(kind);
    expect(kinds).not.toContain('unknown');
    const output = events.find((event) => event.type === 'output');
    if (output?.type === 'output') expect(output.output.url.startsWith('http://127.0.0.1:')).toBe(true);
  });

  it('an already finished job: one status and the stream closes', async () => {
    const job = await env.api.jobs.submit({ workflow: textToImageWorkflow({ steps: 1 }) });
    await untilTerminal(env.api.jobs, job.id);
    const { end, events } = await follow(env.api, job.urls.events, job.id);
    expect(end).toEqual({ reason: 'terminal', status: 'succeeded' });
    expect(events.filter((event) => event.type === 'status')).toHaveLength(1);
  });
});

describe('streams in trouble', () => {
  const env = simulatorFixture({ surface: 'serverless', maxStreams: 1 });

  it('a stream that drops mid-run is followed by a poll and a reconnect, until the end', async () => {
    await setFaults(env.sim, { sseDrop: { afterEvents: 2 } });
    const job = await env.api.jobs.submit({ workflow: longRun });
    const { end, polls } = await follow(env.api, job.urls.events, job.id);
    expect(['terminal', 'terminal-by-poll']).toContain(end.reason);
    expect(polls).toBeGreaterThan(0);
    const connects = (await simRequests(env.sim)).filter((r) => r.path.endsWith('/events'));
    expect(connects.length).toBeGreaterThan(1);
  });

  it('429 too_many_streams waits its Retry-After, then streams once a slot is free', async () => {
    const first = await env.api.jobs.submit({ workflow: longRun });
    const second = await env.api.jobs.submit({ workflow: textToImageWorkflow({ steps: 1 }) });
    const holder = new AbortController();
    const held = await fetch(first.urls.events, {
      headers: { authorization: 'Bearer demo-key', accept: 'text/event-stream' },
      signal: holder.signal,
    });
    expect(held.status).toBe(200);
    const waits: number[] = [];
    const { end } = await follow(env.api, second.urls.events, second.id, {
      sleep: (ms) => {
        waits.push(ms);
        // Give the slot back while the reader waits, as a finished stream elsewhere would.
        holder.abort();
        return new Promise((resolve) => setTimeout(resolve, 20));
      },
    });
    expect(waits[0]).toBe(2000);
    expect(end.reason).toBe('terminal');
    const refused = (await simRequests(env.sim)).filter(
      (r) => r.path.endsWith('/events') && r.status === 429,
    );
    expect(refused).toHaveLength(1);
  });

  it('501 not_implemented where streaming is not offered: an ApiError, and the reader stops for good', async () => {
    const job = await env.api.jobs.submit({ workflow: textToImageWorkflow({ steps: 1 }) });
    await setFaults(env.sim, { eventsUnsupported: true });
    const raw = await apiErrorOf(() =>
      env.api.http.send({
        family: 'v2',
        method: 'GET',
        target: job.urls.events,
        headers: { accept: 'text/event-stream' },
      }),
    );
    expect(raw).toMatchObject({ kind: 'http', status: 501, code: 'not_implemented' });
    const { end, polls } = await follow(env.api, job.urls.events, job.id);
    expect(end).toEqual({ reason: 'not-supported' });
    expect(polls).toBe(0);
    // Polling is the truth: the job still finishes and reads.
    expect((await untilTerminal(env.api.jobs, job.id)).status).toBe('succeeded');
  });

  it('an unknown job (404) or a refused key (401) ends streaming for good', async () => {
    const url = env.api.http.urlFor('v2', `api/v2/jobs/${randomUUID()}/events`).toString();
    const missing = await follow(env.api, url, randomUUID());
    expect(missing.end).toMatchObject({ reason: 'failed', error: { status: 404, code: 'not_found' } });
    const stranger = clientsFor(connectionTo(env.sim, { key: 'nope' }));
    const refused = await follow(stranger, url, randomUUID());
    expect(refused.end).toMatchObject({ reason: 'failed', error: { status: 401, code: 'unauthorized' } });
  });

  it('a rate-limited connect (429 rate_limited) waits its Retry-After and streams', async () => {
    const job = await env.api.jobs.submit({ workflow: textToImageWorkflow({ steps: 1 }) });
    await setFaults(env.sim, { rateLimited: { retryAfterSeconds: 3, count: 1 } });
    const waits: number[] = [];
    const { end } = await follow(env.api, job.urls.events, job.id, {
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
    });
    expect(waits).toEqual([3000]);
    expect(end.reason).toBe('terminal');
  });
});
