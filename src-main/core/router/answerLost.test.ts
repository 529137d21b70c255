// A Router write whose 2xx status line arrived and whose body did not (cut mid-body, not JSON, empty, slower than
// the time limit, a byte answer that stalls) is never recorded as a failure: the Router took the run, so Loupe asks
// again under the same key (the Router replays, charging once) and, while the answer stays lost, keeps the run
// `sent` with outcome `answer_lost` and words that say so. Against a hostile Router on loopback that keeps
// record-and-replay and counts, on its side, how many times each input ran: always once, under one key. A cancel
// whose 202 body is lost is still a cancel asked for. A body that never ends stops at its cap.
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTER_READ_LIMITS } from '../api';
import { createTestCore, type TestCore } from '../app/testing/testCore';
import { FakeKeychain } from '../profiles/testing/fakeKeychain';
import { makeTempDir } from '../store/testing/tempDir';
import { ANSWER_LOST_WORDS } from './runErrors';
import type { RouterTuning } from './routerService';
import { startHostileRouter, type AnswerFault, type HostileRouter } from './testing/hostileRouter';
import { eventually } from './testing/routerEnv';

const tuning: RouterTuning = {
  maxAttempts: 1,
  answerAsks: 3,
  askAgainMs: 10,
  runTimeoutMs: 400,
  submitTimeoutMs: 400,
  stallMs: 300,
  queueWatch: { minPollMs: 20, maxPollMs: 40 },
};

let router: HostileRouter | null = null;
let core: TestCore | null = null;
afterEach(async () => {
  await core?.dispose();
  await router?.close();
  core = null;
  router = null;
});

async function start(
  extra: RouterTuning = {},
): Promise<{ router: HostileRouter; core: TestCore; profileId: string }> {
  router = await startHostileRouter();
  core = await createTestCore({ router: { ...tuning, ...extra }, headless: true });
  const profile = await core.profiles.create({
    name: 'hostile',
    surface: 'serverless',
    baseUrl: router.origin,
    routerBaseUrl: router.origin,
  });
  await core.profiles.setCredential(profile.id, 'secret-key');
  return { router, core, profileId: profile.id };
}

/** Every input ran once, under one key, whatever was resent. */
function ranOncePerInput(hostile: HostileRouter): void {
  expect([...hostile.executionsByInput.values()].every((count) => count === 1)).toBe(true);
  expect([...hostile.keysByInput.values()].every((keys) => keys.size === 1)).toBe(true);
  expect([...hostile.executionsByKey.values()].every((count) => count === 1)).toBe(true);
}

const FAULTS: AnswerFault[] = ['cut', 'not_json', 'empty', 'trickle'];

describe.each(['sync', 'queued'] as const)('a %s run whose 2xx answer is lost', (mode) => {
  const route = mode === 'sync' ? 'run' : 'submit';

  it.each(FAULTS)('(%s) once is asked again under its key and replayed: one run', async (fault) => {
    const { router: hostile, core: loupe, profileId } = await start();
    hostile.faults[route] = [fault];
    const run = await loupe.router.run(profileId, { modelId: 'acme/hostile', input: { n: 1 }, mode });
    expect(run.state).toBe(mode === 'sync' ? 'completed' : 'in_queue');
    expect(run).toMatchObject({ attempts: 2, replayed: true, error: null });
    if (mode === 'queued') expect(run.requestId).toBe('0f0e0d0c-0b0a-4909-8807-060504030201');
    expect(hostile.log.filter((entry) => entry.route === route)).toHaveLength(2);
    ranOncePerInput(hostile);
  });

  it.each(FAULTS)('(%s) every time is recorded taken with its answer lost, never failed', async (fault) => {
    const { router: hostile, core: loupe, profileId } = await start();
    hostile.faults[route] = 'always';
    hostile.always[route] = fault;
    const lost = await loupe.router.run(profileId, { modelId: 'acme/hostile', input: { n: 2 }, mode });
    expect(lost).toMatchObject({
      state: 'sent',
      attempts: 3,
      error: { outcome: 'answer_lost', retryable: true, message: ANSWER_LOST_WORDS },
    });
    expect(lost.error?.status).toBe(mode === 'sync' ? 200 : 201);
    // The headers that did come are kept: what it cost, and that the later sends were replays.
    expect(lost).toMatchObject({ creditsUsed: 3, replayed: true });
    const sends = hostile.log.filter((entry) => entry.route === route);
    expect(sends).toHaveLength(3);
    expect(new Set(sends.map((entry) => entry.key)).size).toBe(1);

    // Asked again by hand while the answers still break: still the same key, still one run.
    const again = await loupe.router.retryRun(profileId, lost.runId);
    expect(again).toMatchObject({ state: 'sent', attempts: 6, error: { outcome: 'answer_lost' } });
    // Once the Router's answers come whole, the same key brings the one run's answer.
    hostile.faults[route] = [];
    const collected = await loupe.router.retryRun(profileId, lost.runId);
    expect(collected).toMatchObject({ state: mode === 'sync' ? 'completed' : 'in_queue', replayed: true });
    if (mode === 'sync') expect(collected.output).toMatchObject({ finish_reason: 'stop' });
    ranOncePerInput(hostile);
    expect(hostile.executionsByKey.size).toBe(1);
  });
});

describe('a run whose answer stayed lost when the app stopped', () => {
  it('is asked for again, under its key, when the app starts: one run', async () => {
    router = await startHostileRouter();
    router.faults.run = 'always';
    const dir = makeTempDir('loupe-answer-lost-');
    const keychain = new FakeKeychain();
    try {
      const first = await createTestCore({ router: tuning, headless: true, dataDir: dir.path, keychain });
      const profile = await first.profiles.create({
        name: 'hostile',
        surface: 'serverless',
        baseUrl: router.origin,
        routerBaseUrl: router.origin,
      });
      await first.profiles.setCredential(profile.id, 'secret-key');
      const lost = await first.router.run(profile.id, {
        modelId: 'acme/hostile',
        input: { n: 9 },
        mode: 'sync',
      });
      expect(lost).toMatchObject({ state: 'sent', error: { outcome: 'answer_lost' } });
      await first.close();

      router.faults.run = [];
      // The app (not headless) takes up what the last one left: the lost answer is asked for again.
      core = await createTestCore({ router: tuning, dataDir: dir.path, keychain });
      const loupe = core;
      const collected = await eventually(() => {
        const run = loupe.router.getRun(profile.id, lost.runId);
        return run.state === 'completed' ? run : undefined;
      });
      expect(collected).toMatchObject({ replayed: true, attempts: 4, output: { finish_reason: 'stop' } });
      ranOncePerInput(router);
    } finally {
      await core?.dispose();
      core = null;
      dir.remove();
    }
  });
});

describe('a byte answer', () => {
  it.each(['cut', 'stall'] as const)(
    'that stops coming (%s) is a lost answer, asked again, one run',
    async (fault) => {
      const { router: hostile, core: loupe, profileId } = await start();
      hostile.bytesAnswer = true;
      hostile.faults.run = [fault, fault];
      const run = await loupe.router.run(profileId, {
        modelId: 'acme/speaker',
        input: { t: 'hi' },
        mode: 'sync',
      });
      expect(run).toMatchObject({ state: 'completed', attempts: 3, replayed: true });
      expect(run.media[0]).toMatchObject({ kind: 'audio', contentType: 'audio/wav', sizeBytes: 4012 });
      ranOncePerInput(hostile);
    },
  );

  it('that is empty is a lost answer, not a file', async () => {
    const { router: hostile, core: loupe, profileId } = await start();
    hostile.bytesAnswer = true;
    hostile.faults.run = 'always';
    hostile.always.run = 'empty';
    const run = await loupe.router.run(profileId, {
      modelId: 'acme/speaker',
      input: { t: 'x' },
      mode: 'sync',
    });
    expect(run).toMatchObject({ state: 'sent', media: [], error: { outcome: 'answer_lost' } });
    ranOncePerInput(hostile);
  });
});

describe('a cancel whose answer is lost after its status line', () => {
  it.each(['cut', 'not_json', 'empty'] as const)(
    '(%s) is recorded as asked, never as a failure',
    async (fault) => {
      const { router: hostile, core: loupe, profileId } = await start();
      const run = await loupe.router.run(profileId, {
        modelId: 'acme/hostile',
        input: { n: 3 },
        mode: 'queued',
      });
      hostile.faults.cancel = [fault];
      const cancelled = await loupe.router.cancelRun(profileId, run.runId);
      expect(cancelled).toMatchObject({ cancelRequested: true, error: null });
      expect(cancelled.state).toBe('in_progress');
      ranOncePerInput(hostile);
    },
  );
});

describe('an answer that never ends', () => {
  it('stops at the Router’s cap for a JSON output: kept as a paid answer too large, not asked again', async () => {
    const { router: hostile, core: loupe, profileId } = await start({ runTimeoutMs: 60_000 });
    hostile.faults.run = ['endless'];
    const run = await loupe.router.run(profileId, { modelId: 'acme/hostile', input: { n: 4 }, mode: 'sync' });
    expect(run).toMatchObject({ state: 'failed', attempts: 1, error: { retryable: false } });
    expect(run.error?.message).toMatch(/larger .* than Loupe keeps/);
    await expect.poll(() => hostile.endlessBytesSent.length).toBe(1);
    // The reader went away at the cap (what sat in socket buffers aside), not after reading for ever.
    expect(hostile.endlessBytesSent[0]).toBeLessThan(ROUTER_READ_LIMITS.outputJsonBytes + 16 * 1024 * 1024);
    ranOncePerInput(hostile);
  });

  it('stops at the media cap for a byte answer', async () => {
    const { router: hostile, core: loupe, profileId } = await start({ maxMediaBytes: 1024 * 1024 });
    hostile.bytesAnswer = true;
    hostile.faults.run = ['endless'];
    const run = await loupe.router.run(profileId, {
      modelId: 'acme/speaker',
      input: { t: 'on' },
      mode: 'sync',
    });
    expect(run).toMatchObject({ state: 'failed', attempts: 1, error: { retryable: false } });
    await expect.poll(() => hostile.endlessBytesSent.length).toBe(1);
    expect(hostile.endlessBytesSent[0]).toBeLessThan(1024 * 1024 + 16 * 1024 * 1024);
  });
});
