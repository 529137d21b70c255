// Queued runs survive a restart: the app is closed while a run is in the Router's queue, a new core opens the
// same data folder, and the run is followed to its end. A run whose submit left but whose handle never came back
// (`sent`: closed mid-request) is submitted again under its key on the next start, and the Router replays the
// handle it gave: one request in the queue, charged once. Media whose download was cut off are fetched again.
import { afterEach, describe, expect, it } from 'vitest';
import type { RouterRunDetail } from '../../../src-shared/contracts/models';
import { startFast, type RunningSimulator } from '../api/testing/conformance/simulatorHarness';
import { createTestCore, type TestCore } from '../app/testing/testCore';
import { FakeKeychain } from '../profiles/testing/fakeKeychain';
import { makeTempDir } from '../store/testing/tempDir';
import { addRouterProfile, eventually, routerRequests } from './testing/routerEnv';

const chat = { messages: [{ role: 'user', content: 'hello' }] };
const fastPolls = { queueWatch: { minPollMs: 100 } };

let sim: RunningSimulator | null = null;
const cores: TestCore[] = [];
const dirs: { remove(): void }[] = [];
afterEach(async () => {
  for (const core of cores.splice(0)) if (core.store.isOpen) await core.dispose();
  for (const dir of dirs.splice(0)) dir.remove();
  await sim?.close();
  sim = null;
});

/** Two cores on one data folder and one keychain, as one installation started twice. */
function installation(options: Parameters<typeof createTestCore>[0] = {}) {
  const dir = makeTempDir('loupe-router-restart-');
  dirs.push(dir);
  const keychain = new FakeKeychain();
  return async (extra: Parameters<typeof createTestCore>[0] = {}): Promise<TestCore> => {
    const core = await createTestCore({ ...options, ...extra, dataDir: dir.path, keychain });
    cores.push(core);
    return core;
  };
}

function finished(core: TestCore, profileId: string, runId: string): Promise<RouterRunDetail> {
  return eventually(() => {
    const run = core.router.getRun(profileId, runId);
    return ['completed', 'failed', 'cancelled'].includes(run.state) ? run : undefined;
  }, 15_000);
}

describe('after a restart', () => {
  it('a run still in the Router’s queue is followed again and completes', async () => {
    sim = await startFast({ surface: 'serverless', timing: { routerQueueStepMs: 100 } });
    const start = installation({ router: fastPolls });
    const first = await start();
    const profileId = await addRouterProfile(first, sim, 'demo-key', 'router');
    const run = await first.router.run(profileId, {
      modelId: 'lumen/cinema-1',
      input: { prompt: 'dawn' },
      mode: 'queued',
    });
    expect(run.state).toBe('in_queue');
    await first.close();

    const second = await start();
    const done = await finished(second, profileId, run.runId);
    expect(done).toMatchObject({ state: 'completed', creditsUsed: 600, requestId: run.requestId });
    expect(done.output).toMatchObject({ video: { content_type: 'video/mp4' } });
  }, 30_000);

  it('a queued run cut off mid-submit goes again under its key; the Router replays the handle', async () => {
    sim = await startFast({ surface: 'serverless' });
    // The submit reaches the Router and is admitted; its answer never comes back before the app closes.
    const hanging: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method !== 'POST') return response;
      await response.arrayBuffer();
      return new Promise<Response>((_resolve, reject) => {
        const signal = init.signal;
        signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
    };
    const start = installation({ router: fastPolls });
    const first = await start({ fetch: hanging });
    const profileId = await addRouterProfile(first, sim, 'demo-key', 'router');
    const submitting = first.router.run(profileId, { modelId: 'lexa/chat-4', input: chat, mode: 'queued' });
    const row = await eventually(() =>
      first.store.routerRuns.list(profileId, 1).rows.find((r) => r.state === 'sent'),
    );
    await eventually(() => (routerRequests(sim!, '/requests', 'POST').length === 1 ? true : undefined));
    await first.close();
    await expect(submitting).rejects.toThrow();
    expect(first.store.isOpen).toBe(false);

    const second = await start();
    const done = await finished(second, profileId, row.id);
    expect(done).toMatchObject({ state: 'completed', replayed: true, attempts: 2, creditsUsed: 3 });
    const submits = routerRequests(sim, '/v2/models/lexa/chat-4/requests', 'POST');
    expect(submits.map((request) => request.status)).toEqual([201, 201]);
    // One request in the queue: every status read is of the same request id.
    const polled = new Set(routerRequests(sim, /\/requests\/[0-9a-f-]+\/status$/).map((r) => r.path));
    expect(polled.size).toBe(1);
    const spend = await second.router.run(profileId, { modelId: 'lexa/chat-4', input: chat, mode: 'sync' });
    expect(spend.committedSpend.current).toBe(6);
  }, 30_000);

  it('media whose saving was cut off are fetched and kept', async () => {
    sim = await startFast({ surface: 'serverless' });
    const start = installation({ router: fastPolls });
    const first = await start();
    const profileId = await addRouterProfile(first, sim, 'demo-key', 'router');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(64, 3)]);
    // What a crash mid-download leaves: the answer recorded, its picture still marked as being saved.
    first.store.routerRuns.insert({
      id: 'run-1',
      profileId,
      modelId: 'acme/imagegen-2',
      mode: 'sync',
      idempotencyKey: 'key-1',
      input: { prompt: 'x' },
      options: {},
    });
    first.store.routerRuns.recordCompleted('run-1', {
      output: {
        images: [{ url: `data:image/png;base64,${png.toString('base64')}`, content_type: 'image/png' }],
      },
      meta: {
        creditsUsed: 4,
        droppedParams: [],
        fallbackProvider: null,
        replayed: false,
        committedSpend: { limit: null, current: null, remaining: null },
      },
      requestId: null,
      media: [
        {
          index: 0,
          kind: 'image',
          contentType: 'image/png',
          name: 'imagegen-2-1.png',
          sizeBytes: null,
          file: null,
          state: 'saving',
          source: 'link',
          pointer: '/images/0/url',
        },
      ],
    });
    expect(first.router.getRun(profileId, 'run-1').media[0]?.url).toBeNull();
    await first.close();

    const second = await start();
    const run = await eventually(() => {
      const current = second.router.getRun(profileId, 'run-1');
      return current.media[0]?.url === null ? undefined : current;
    });
    expect(run.media[0]).toMatchObject({ sizeBytes: png.length, contentType: 'image/png' });
    const file = second.router.mediaFile(profileId, 'run-1', 0);
    expect(file?.path).toMatch(/0\.png$/);
  });
});
