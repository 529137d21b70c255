// Queued runs against the simulator's Router over real sockets: followed through the status_url it gave (never
// sooner than its Retry-After), the queue position recorded as it moves, the result read from response_url; and a
// run cancelled in each state: IN_QUEUE (never charged), IN_PROGRESS (CANCELLATION_REQUESTED, charged), COMPLETED
// (ALREADY_COMPLETED, the result kept). Charges are read from the simulator's own committed-spend figures.
import { afterEach, describe, expect, it } from 'vitest';
import type { RouterRunDetail, RouterRunSummary } from '../../../src-shared/contracts/models';
import { eventually, routerRequests, startRouterEnv, type RouterEnv } from './testing/routerEnv';

const chat = { messages: [{ role: 'user', content: 'hello' }] };
/** 3 cents, one step. */
const CHAT = 'lexa/chat-4';
/** 600 cents, sixteen steps: long enough to queue behind and to cancel mid-run. */
const CINEMA = 'lumen/cinema-1';
const slowQueue = { timing: { routerQueueStepMs: 150 } };

let env: RouterEnv | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

function queued(current: RouterEnv, modelId: string, input: unknown): Promise<RouterRunDetail> {
  return current.core.router.run(current.profileId, { modelId, input, mode: 'queued' });
}

function finished(current: RouterEnv, runId: string, timeoutMs = 15_000): Promise<RouterRunDetail> {
  return eventually(() => {
    const run = current.core.router.getRun(current.profileId, runId);
    return ['completed', 'failed', 'cancelled'].includes(run.state) ? run : undefined;
  }, timeoutMs);
}

describe('a queued run', () => {
  it('is followed to COMPLETED through its status_url, its queue position recorded as it moves', async () => {
    env = await startRouterEnv({ sim: slowQueue, core: { router: { queueWatch: { minPollMs: 100 } } } });
    const seen: RouterRunSummary[] = [];
    await queued(env, CINEMA, { prompt: 'first' });
    await queued(env, CINEMA, { prompt: 'second' });
    const run = await queued(env, CHAT, chat);
    env.core.router.onUpdate((update) => seen.push(...update.runs.filter((r) => r.runId === run.runId)));
    expect(run).toMatchObject({ state: 'in_queue', mode: 'queued', replayed: false });
    // Behind the two videos (or one, when the simulator has already dispatched the first).
    expect(run.queuePosition).toBeGreaterThan(0);
    expect(run.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);

    const done = await finished(env, run.runId);
    expect(done).toMatchObject({ state: 'completed', creditsUsed: 3, queuePosition: null, error: null });
    expect(done.output).toMatchObject({ finish_reason: 'stop' });
    const positions = [
      run.queuePosition,
      ...seen.filter((s) => s.state === 'in_queue').map((s) => s.queuePosition),
    ];
    expect(positions).toContain(0);
    expect([...positions].sort().reverse()).toEqual(positions);
    expect(seen.at(-1)?.state).toBe('completed');

    // Never sooner than the Router's Retry-After (at least a second in the simulator).
    const polls = routerRequests(env.sim, `/requests/${String(done.requestId)}/status`, 'GET');
    expect(polls.length).toBeGreaterThanOrEqual(2);
    const gaps = polls.slice(1).map((poll, i) => Date.parse(poll.time) - Date.parse(polls[i]!.time));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(950);
    expect(routerRequests(env.sim, `/requests/${String(done.requestId)}`, 'GET')).toHaveLength(1);
  }, 30_000);

  it('cancelled while IN_QUEUE ends cancelled and is never charged; cancelled IN_PROGRESS is asked, and charged', async () => {
    env = await startRouterEnv({ sim: slowQueue, core: { router: { queueWatch: { minPollMs: 100 } } } });
    const current = env;
    const running = await queued(current, CINEMA, { prompt: 'a long take' });
    const waiting = await queued(current, CHAT, chat);
    // The simulator dispatches at its first step: the video runs, the chat waits behind it.
    await new Promise((resolve) => setTimeout(resolve, 400));

    const asked = await current.core.router.cancelRun(current.profileId, waiting.runId);
    expect(asked).toMatchObject({ cancelRequested: true });
    const askedRunning = await current.core.router.cancelRun(current.profileId, running.runId);
    expect(askedRunning).toMatchObject({ cancelRequested: true });

    const cancelledInQueue = await finished(current, waiting.runId);
    expect(cancelledInQueue).toMatchObject({
      state: 'cancelled',
      cancelAfterStart: false,
      creditsUsed: null,
      error: { bucket: 'cancelled' },
    });
    const cancelledRunning = await finished(current, running.runId);
    expect(cancelledRunning).toMatchObject({
      state: 'cancelled',
      cancelAfterStart: true,
      error: { status: 409, bucket: 'cancelled' },
    });
    expect(cancelledRunning.error?.message).toContain('may still have been charged');
    const cancels = routerRequests(current.sim, '/cancel', 'PUT');
    expect(cancels.map((request) => request.status)).toEqual([202, 202]);

    // The video was charged (it had started), the chat was not: 600 before this run's 3.
    const after = await current.core.router.run(current.profileId, {
      modelId: CHAT,
      input: chat,
      mode: 'sync',
    });
    expect(after.committedSpend.current).toBe(603);
  }, 30_000);

  it('cancelled after it COMPLETED hears ALREADY_COMPLETED and keeps its result', async () => {
    // Headless: nothing follows the run in the background, so Loupe still has it in the queue.
    env = await startRouterEnv({ core: { headless: true } });
    const current = env;
    const run = await queued(current, CHAT, chat);
    const links = current.core.store.routerRuns.get(run.runId)?.queueLinks;
    if (links === undefined || links === null) throw new Error('the handle was not recorded');
    await eventually(async () => {
      const status = await fetch(links.statusUrl, { headers: { 'x-api-key': 'demo-key' } });
      return ((await status.json()) as { status: string }).status === 'COMPLETED' ? true : undefined;
    });
    expect(current.core.router.getRun(current.profileId, run.runId).state).toBe('in_queue');

    const cancelled = await current.core.router.cancelRun(current.profileId, run.runId);
    expect(cancelled).toMatchObject({ state: 'completed', cancelRequested: false, creditsUsed: 3 });
    expect(routerRequests(current.sim, '/cancel', 'PUT').map((request) => request.status)).toEqual([409]);
  });

  it('can be waited for by a host that follows nothing in the background (the CLI’s --wait)', async () => {
    env = await startRouterEnv({ core: { headless: true } });
    const run = await queued(env, CHAT, chat);
    const done = await env.core.router.waitForRun(env.profileId, run.runId);
    expect(done).toMatchObject({ state: 'completed', output: { finish_reason: 'stop' } });
  }, 15_000);
});
