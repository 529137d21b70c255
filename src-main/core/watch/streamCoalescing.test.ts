// A job's live stream reaches its jobs.watch subscribers at most about 30 times a second (issue 19, fault 9:
// 900 events a second reached them): the latest snapshot wins, every output arrives, a terminal status is
// never held back, a read's news lands after what the stream said before it, and nothing waiting is lost when
// the stream ends. On a clock the test moves by hand: the counts are the code's, not the machine's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobWatchEvent } from '../../../src-shared/contracts/jobs';
import { JobSchema, type JobStreamEvent, type Output } from '../api';
import { jobDocument } from '../api/testing/testServer';
import { noLocalFacts } from '../jobSources/normalize';
import { rawStatusOf, readWire, wireFromJob, type WireJob } from '../jobSources/wireJob';
import { openStore, type LoupeStore } from '../store';
import { makeTempDir, type TempDir } from '../store/testing/tempDir';
import { defaultWatchConfig } from './config';
import { JobStates, type TrackedJob } from './jobStates';
import { OutputsWriter } from './outputsWriter';
import { StreamBridge } from './streamBridge';
import { ManualTimers } from './testing/manualTimers';

function runningWire(overrides: Record<string, unknown> = {}): WireJob {
  const body = jobDocument('j1', {
    status: 'running',
    progress: { value: 0, nodes_done: 0, nodes_total: 4 },
    urls: { self: '/api/v2/jobs/j1', events: '/api/v2/jobs/j1/events', cancel: '/api/v2/jobs/j1/cancel' },
    ...overrides,
  });
  return wireFromJob(JobSchema.parse(body), rawStatusOf(body));
}

const progress = (value: number): JobStreamEvent => ({
  type: 'progress',
  progress: {
    value,
    nodes_done: 1,
    nodes_total: 4,
    current_node: '3',
    current_node_class: 'KSampler',
    step: null,
    steps: null,
    message: null,
  },
});

function output(i: number): Output {
  return {
    id: `a${i}`,
    node_id: '9',
    name: `out_${i}.txt`,
    type: 'text',
    content_type: 'text/plain',
    size_bytes: 3,
    hash: null,
    url: `http://127.0.0.1/a${i}`,
    url_expires_at: null,
    job_id: 'j1',
  };
}

describe('stream events on their way to jobs.watch', () => {
  let dir: TempDir;
  let store: LoupeStore;
  let timers: ManualTimers;
  let states: JobStates;
  let bridge: StreamBridge;
  let job: TrackedJob;
  let heard: JobWatchEvent[];
  let reads: string[];

  beforeEach(() => {
    dir = makeTempDir('loupe-coalesce-');
    store = openStore(dir.file('loupe.db'));
    timers = new ManualTimers();
    states = new JobStates({
      profileId: 'p1',
      surfaceOffersLogs: false,
      store,
      outputs: new OutputsWriter({ profileId: 'p1', store, logError: () => undefined }),
      now: () => timers.now(),
      logError: (message, error) => {
        throw new Error(`${message}: ${String(error)}`);
      },
      flushStream: (jobId) => bridge.flush(jobId),
    });
    reads = [];
    bridge = new StreamBridge({
      states,
      config: defaultWatchConfig,
      timers,
      isPaused: () => false,
      askRead: (jobId) => reads.push(jobId),
      readNow: () => Promise.resolve(false),
    });
    job = states.ensure('j1', () => noLocalFacts);
    states.apply(job, runningWire(), 'poll');
    heard = [];
    states.addListener(
      job,
      { live: true, since: 0, emit: (event) => heard.push(event), end: () => undefined },
      'live',
      null,
    );
    heard = [];
  });
  afterEach(() => {
    store.close();
    dir.remove();
  });

  const snapshots = () =>
    heard.flatMap((event) => (event.type === 'snapshot' ? [{ source: event.source, job: event.job }] : []));

  it('hands 900 events a second on as about 30 snapshots, never two within 33 ms, the last one the latest', () => {
    const times: number[] = [];
    states.addListener(
      job,
      {
        live: true,
        since: 0,
        emit: (event) => event.type === 'snapshot' && times.push(timers.now()),
        end: () => undefined,
      },
      'live',
      null,
    );
    times.length = 0;
    for (let i = 1; i <= 900; i++) {
      timers.advance(1000 / 900);
      bridge.onEvent('j1', progress(i / 900));
    }
    timers.advance(100);
    const seen = snapshots();
    expect(seen.length).toBeGreaterThanOrEqual(29);
    expect(seen.length).toBeLessThanOrEqual(32);
    const gaps = times.slice(1).map((at, i) => at - (times[i] ?? 0));
    // (A hair of floating point from the 1000/900 ms steps.)
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(defaultWatchConfig.streamCoalesceMs - 1e-6);
    expect(seen.every((snapshot) => snapshot.source === 'sse')).toBe(true);
    expect(seen.at(-1)?.job.progress?.value).toBe(1);
  });

  it('keeps every output of a burst, in order, in one hand-on per interval', () => {
    for (let i = 0; i < 10_000; i++) {
      if (i % 100 === 0) timers.advance(5);
      bridge.onEvent('j1', { type: 'output', output: output(i) });
    }
    timers.advance(100);
    // 500 ms of stream, whatever the number of outputs in it.
    expect(snapshots().length).toBeLessThanOrEqual(Math.ceil(600 / defaultWatchConfig.streamCoalesceMs) + 1);
    const outputs = readWire(states.get('j1')?.wire ?? runningWire()).outputs ?? [];
    expect(outputs).toHaveLength(10_000);
    expect(outputs.map((o) => o.id)).toEqual(Array.from({ length: 10_000 }, (_, i) => `a${i}`));
  });

  it('never holds back a terminal status: the confirming read is asked at once, after what came before it', () => {
    bridge.onEvent('j1', progress(0.5));
    // Within the interval: this one waits…
    timers.advance(1);
    bridge.onEvent('j1', progress(0.9));
    expect(snapshots().map((s) => s.job.progress?.value)).toEqual([0.5]);
    // …until the end arrives, which takes it along, with no time passing.
    bridge.onEvent('j1', { type: 'status', status: 'succeeded', queuePosition: null });
    expect(snapshots().map((s) => s.job.progress?.value)).toEqual([0.5, 0.9]);
    expect(reads).toEqual(['j1']);
  });

  it('lands a read after the stream events that came before it', () => {
    bridge.onEvent('j1', progress(0.2));
    timers.advance(1);
    bridge.onEvent('j1', progress(0.4));
    states.apply(job, runningWire({ progress: { value: 0.3, nodes_done: 1, nodes_total: 4 } }), 'poll');
    expect(snapshots().map((s) => [s.source, s.job.progress?.value])).toEqual([
      ['sse', 0.2],
      ['sse', 0.4],
      ['poll', 0.3],
    ]);
    // Nothing is left waiting to overwrite the read later.
    timers.advance(100);
    expect(snapshots()).toHaveLength(3);
  });

  it('loses nothing waiting when the stream ends', () => {
    bridge.onEvent('j1', progress(0.2));
    timers.advance(1);
    bridge.onEvent('j1', { type: 'output', output: output(1) });
    bridge.onEvent('j1', progress(0.7));
    bridge.onJobEnded('j1');
    expect(snapshots().at(-1)?.job.progress?.value).toBe(0.7);
    expect(readWire(states.get('j1')?.wire ?? runningWire()).outputs?.map((o) => o.id)).toEqual(['a1']);
    expect(timers.pending).toBe(0);
  });

  it('hands previews on at the same pace, the latest winning', () => {
    for (let i = 0; i < 100; i++) {
      timers.advance(1);
      bridge.onEvent('j1', {
        type: 'preview',
        nodeId: '3',
        contentType: 'image/png',
        dataBase64: `frame${i}`,
      });
    }
    timers.advance(100);
    const previews = heard.flatMap((event) => (event.type === 'preview' ? [event.dataBase64] : []));
    expect(previews.length).toBeLessThanOrEqual(5);
    expect(previews.at(-1)).toBe('frame99');
  });
});
