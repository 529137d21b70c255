// The watcher against the simulator: SSE as a hint with polling taking over, polls overruling the stream,
// terminal jobs going quiet, backoff, offline pause, and the stream cap.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textAndLatentWorkflow, textToImageWorkflow } from '../../simulator/jobs/sampleWorkflows';
import {
  clearSimRequests,
  delay,
  jobsFixture,
  recordingWatch,
  setFaults,
  until,
  type JobsFixture,
} from '../jobs/testing/conformance/jobsHarness';

let fixture: JobsFixture | undefined;
afterEach(async () => {
  await fixture?.dispose();
  fixture = undefined;
});

const timedRequests = z.object({
  requests: z.array(z.object({ method: z.string(), path: z.string(), status: z.number(), time: z.string() })),
});

/** Requests the simulator saw for one job (reads, streams), with their arrival times. */
async function jobTraffic(f: JobsFixture, jobId: string) {
  const response = await fetch(`${f.sim.origin}/_sim/requests`);
  return timedRequests
    .parse(await response.json())
    .requests.filter((request) => request.path.startsWith(`/api/v2/jobs/${jobId}`))
    .map((request) => ({ ...request, at: Date.parse(request.time) }));
}

const long = (steps = 400) => JSON.stringify(textToImageWorkflow({ steps }));

async function runningJob(f: JobsFixture, steps?: number): Promise<string> {
  const job = await f.jobs.service.submit({ workflowJson: long(steps) });
  await until(async () => ((await f.jobs.service.get(job.id)).status === 'running' ? true : null));
  return job.id;
}

describe('JobWatcher: SSE is a hint, polling is the truth', () => {
  it('streams a live job, and when the stream drops polling takes over within one interval', async () => {
    fixture = await jobsFixture({
      sim: { surface: 'serverless', timing: { stepMs: 10 }, faults: { sseDrop: { afterEvents: 6 } } },
      // A poll interval long enough that "within one interval" is measurable on a busy machine.
      watch: { detailRunningMs: 300, detailConfirmMs: 2_000 },
    });
    const id = await runningJob(fixture, 100);
    const watch = recordingWatch(true);
    const stop = fixture.jobs.watcher.watch(id, watch);
    const dropIndex = await until(() => {
      const live = watch.events.findIndex((event) => event.type === 'mode' && event.mode === 'live');
      if (live === -1) return null;
      const dropped = watch.events.findIndex(
        (event, index) => index > live && event.type === 'mode' && event.mode === 'polling',
      );
      return dropped === -1 ? null : dropped;
    });
    expect(watch.events.some((event) => event.type === 'snapshot' && event.source === 'sse')).toBe(true);
    expect(watch.events.some((event) => event.type === 'preview')).toBe(true);
    const dropEvent = watch.events[dropIndex];
    expect(dropEvent?.type === 'mode' ? dropEvent.reason : null).toMatch(/dropped|keeps dropping/);
    const droppedAt = watch.times[dropIndex]!;
    await delay(350);
    const reads = (await jobTraffic(fixture, id)).filter((request) => request.path === `/api/v2/jobs/${id}`);
    const firstReadAfter = reads.find((request) => request.at >= droppedAt - 5);
    // Within one polling interval (300 ms here); in practice the read leaves at once.
    expect(firstReadAfter!.at - droppedAt).toBeLessThan(300);
    expect(
      watch.events.slice(dropIndex).some((event) => event.type === 'snapshot' && event.source === 'poll'),
    ).toBe(true);
    await setFaults(fixture.sim, { sseDrop: null });
    await until(() => (watch.statuses().includes('succeeded') ? true : null), 10_000);
    stop();
  });

  it('a poll overrules a stale stream event', async () => {
    let delayStream = false;
    let streamOpened = false;
    const deliveries: Array<{ at: number; text: string }> = [];
    fixture = await jobsFixture({
      sim: { surface: 'serverless', timing: { stepMs: 5 } },
      // Holds every chunk of the event stream back, as a congested proxy would.
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const accept = new Headers(init?.headers).get('accept');
        if (!delayStream || accept !== 'text/event-stream' || response.body === null) return response;
        streamOpened = true;
        const decoder = new TextDecoder();
        const slowed = response.body.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            async transform(chunk, controller) {
              await delay(250);
              deliveries.push({ at: Date.now(), text: decoder.decode(chunk) });
              controller.enqueue(chunk);
            },
          }),
        );
        return new Response(slowed, { status: response.status, headers: response.headers });
      },
    });
    // B waits behind A; B's stream says "queued" on connect, and that frame is held back.
    const blocker = await runningJob(fixture, 2_000);
    const queued = await fixture.jobs.service.submit({ workflowJson: long(600) });
    expect(queued.status).toBe('queued');
    delayStream = true;
    const watch = recordingWatch(true);
    const stop = fixture.jobs.watcher.watch(queued.id, watch);
    // The simulator logs a stream when it ends; the client side knows when it opened.
    await until(() => (streamOpened ? true : null));
    await fixture.jobs.service.cancel(blocker);
    const runningIndex = await until(() => {
      const index = watch.events.findIndex((e) => e.type === 'snapshot' && e.job.status === 'running');
      return index === -1 ? null : index;
    });
    const knownAt = watch.times[runningIndex]!;
    expect(watch.events[runningIndex]).toMatchObject({ source: 'poll' });
    await until(() =>
      deliveries.some((d) => d.at > knownAt && d.text.includes('"status":"queued"')) ? true : null,
    );
    await delay(50);
    // The stale "queued" arrived after the poll knew better, and changed nothing.
    expect(watch.statuses().slice(watch.statuses().indexOf('running'))).not.toContain('queued');
    expect(fixture.jobs.watcher.snapshotOf(queued.id)?.status).toBe('running');
    stop();
  });

  it('a terminal job costs nothing more (after one final read)', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless' } });
    const live = await fixture.jobs.service.submit({ workflowJson: JSON.stringify(textAndLatentWorkflow()) });
    const background = await fixture.jobs.service.submit({
      workflowJson: JSON.stringify(textAndLatentWorkflow('b')),
    });
    const watch = recordingWatch(true);
    const stop = fixture.jobs.watcher.watch(live.id, watch);
    await until(() => (watch.statuses().includes('succeeded') ? true : null));
    await until(() => (fixture!.jobs.watcher.snapshotOf(background.id) === null ? true : null));
    await delay(100);
    await clearSimRequests(fixture.sim);
    await delay(500);
    expect(await fixture.requests()).toEqual([]);
    expect(fixture.jobs.watcher.stats()).toMatchObject({ inFlight: 0, streams: 0 });
    // The store has the final word.
    expect(fixture.store.jobs.get('p1', background.id)?.status).toBe('succeeded');
    stop();
  });
});

describe('JobWatcher: the request budget under trouble', () => {
  it('backs off for Retry-After on 429', async () => {
    fixture = await jobsFixture({ sim: { surface: 'serverless', timing: { stepMs: 20 } } });
    const id = await runningJob(fixture, 200);
    const watch = recordingWatch(false);
    const stop = fixture.jobs.watcher.watch(id, watch);
    await delay(100);
    await setFaults(fixture.sim, { rateLimited: { retryAfterSeconds: 1, count: 1 } });
    const limited = await until(
      async () => (await jobTraffic(fixture!, id)).find((r) => r.status === 429) ?? null,
    );
    await until(
      async () =>
        (await jobTraffic(fixture!, id)).some((r) => r.at > limited.at && r.status === 200) ? true : null,
      3_000,
    );
    const next = (await jobTraffic(fixture, id)).find((r) => r.at > limited.at);
    expect(next!.at - limited.at).toBeGreaterThanOrEqual(950);
    stop();
  });

  it('backs off exponentially on 5xx, and recovers', async () => {
    fixture = await jobsFixture({
      sim: { surface: 'serverless', timing: { stepMs: 20 } },
      random: () => 0.999,
    });
    const id = await runningJob(fixture, 300);
    const watch = recordingWatch(false);
    const stop = fixture.jobs.watcher.watch(id, watch);
    await delay(100);
    await setFaults(fixture.sim, { upstreamError: { routes: ['GET /api/v2/jobs/*'], count: 4 } });
    await until(
      async () =>
        (await jobTraffic(fixture!, id)).filter((r) => r.status === 500).length === 4 ? true : null,
      4_000,
    );
    const recovered = await until(async () => {
      const traffic = await jobTraffic(fixture!, id);
      const lastFailure = traffic.filter((r) => r.status === 500).at(-1)!;
      return traffic.some((r) => r.status === 200 && r.at > lastFailure.at) ? traffic : null;
    }, 4_000);
    const failures = recovered.filter((r) => r.status === 500);
    const gaps = failures.slice(1).map((r, i) => r.at - failures[i]!.at);
    // 100, 200, 400 ms with the jitter pinned high: each wait at least about doubles.
    expect(gaps[0]).toBeGreaterThanOrEqual(90);
    expect(gaps[1]).toBeGreaterThanOrEqual(180);
    expect(gaps[2]).toBeGreaterThanOrEqual(360);
    stop();
  });

  it('pauses while offline and says so, then resumes', async () => {
    let online = true;
    fixture = await jobsFixture({
      sim: { surface: 'serverless', timing: { stepMs: 20 } },
      online: () => online,
    });
    const id = await runningJob(fixture, 300);
    const watch = recordingWatch(true);
    const stop = fixture.jobs.watcher.watch(id, watch);
    await until(() => (watch.modes().includes('live') ? true : null));
    online = false;
    await until(() => (watch.modes().at(-1) === 'paused' ? true : null));
    const paused = watch.events.at(-1);
    expect(paused?.type === 'mode' ? paused.reason : null).toMatch(/Offline/);
    await delay(50);
    await clearSimRequests(fixture.sim);
    await delay(300);
    expect(await fixture.requests()).toEqual([]);
    online = true;
    await until(() => (watch.modes().at(-1) === 'live' ? true : null));
    expect(watch.modes().slice(-2)).toEqual(['polling', 'live']);
    expect((await fixture.requests()).length).toBeGreaterThan(0);
    stop();
  });

  it('falls back to polling when the service has no stream to spare (429 too_many_streams)', async () => {
    fixture = await jobsFixture({
      sim: { surface: 'serverless', maxStreams: 1, workers: 2, timing: { stepMs: 20 } },
    });
    const first = await runningJob(fixture, 300);
    const second = await runningJob(fixture, 300);
    const a = recordingWatch(true);
    const stopA = fixture.jobs.watcher.watch(first, a);
    await until(() => (a.modes().includes('live') ? true : null));
    const b = recordingWatch(true);
    const stopB = fixture.jobs.watcher.watch(second, b);
    await until(async () =>
      (await jobTraffic(fixture!, first)).some((r) => r.status === 429) ||
      (await jobTraffic(fixture!, second)).some((r) => r.status === 429)
        ? true
        : null,
    );
    const pollingOne = await until(() => {
      const event = [...a.events, ...b.events].find(
        (e) =>
          e.type === 'mode' &&
          e.mode === 'polling' &&
          e.reason !== null &&
          /no live stream to spare/.test(e.reason),
      );
      return event ?? null;
    });
    expect(pollingOne).toBeDefined();
    // Polling carries the job without a stream: its snapshots keep coming from polls.
    const before = b.events.length + a.events.length;
    await delay(200);
    expect(b.events.length + a.events.length).toBeGreaterThan(before);
    expect(fixture.jobs.watcher.stats().streams).toBeLessThanOrEqual(1);
    stopA();
    stopB();
  });
});
