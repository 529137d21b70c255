// The watcher's request budget, measured (issue 5: "500 running jobs watched on serverless cost at most a few
// requests a second, not 500; on managed the v1 list carries them"). A simulator is started with 500 jobs
// running, a profile's watcher tracks them all (as the job list does) and streams one live (the detail pane),
// with its production intervals; the simulator's own request log says what it cost. The simulator is passed
// in (core's source may not import it); `npm run bench` wires it.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { bindCredential, type Surface } from '../../src-main/core/api';
import { createProfileJobs } from '../../src-main/core/jobs/profileJobs';
import { openStore } from '../../src-main/core/store';
import { makeTempDir } from '../../src-main/core/store/testing/tempDir';
import { defaultWatchConfig, type WatchConfig } from '../../src-main/core/watch/config';

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
}

export interface BenchSimulator {
  /** Base URL (origin + any prefix). */
  url: string;
  origin: string;
  close(): Promise<void>;
}

export interface BenchSimulatorOptions {
  surface: Surface;
  workers: number;
  timing: {
    dispatchMs: number;
    nodeMs: number;
    stepMs: number;
    progressThrottleMs: number;
    previewThrottleMs: number;
  };
}

export interface WatcherScenarioOptions {
  startSimulator: (options: BenchSimulatorOptions) => Promise<BenchSimulator>;
  surface: 'serverless' | 'managed';
  /** Running jobs to watch (default 500). */
  jobs?: number;
  /** Time to settle after tracking starts, then the measured window (defaults 2 s and 6 s). */
  warmupMs?: number;
  windowMs?: number;
  config?: Partial<WatchConfig>;
  /** Also give every job its own jobs.watch subscriber (live: false): the worst case of the GET slots. */
  watchEvery?: boolean;
}

export interface WatcherScenarioResult {
  surface: 'serverless' | 'managed';
  jobs: number;
  windowMs: number;
  total: number;
  perSecond: number;
  /** Requests in the window by what they were: v2 list, v1 list, single-job reads, event streams, other. */
  byKind: Record<'v2List' | 'v1List' | 'jobReads' | 'streams' | 'other', number>;
  /** Event streams open at the end of the window (the log records a stream only once it ends). */
  openStreams: number;
  /** The naive cost: one GET per job per running-poll interval. */
  naivePerSecond: number;
}

const apiKey = 'demo-key';
const recorded = z.object({ requests: z.array(z.object({ method: z.string(), path: z.string() })) });
const createdJob = z.looseObject({ id: z.string() });
const stats = z.looseObject({ activeStreams: z.number() });

/** A graph the simulator runs for hours: one long sampler (its catalogue; the API format). */
function longWorkflow(seed: number): Record<string, unknown> {
  return {
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd_xl_base_1.0.safetensors' } },
    '5': { class_type: 'EmptyLatentImage', inputs: { width: 64, height: 64, batch_size: 1 } },
    '6': { class_type: 'CLIPTextEncode', inputs: { text: 'bench', clip: ['4', 1] } },
    '3': {
      class_type: 'KSampler',
      inputs: {
        model: ['4', 0],
        seed,
        steps: 10_000,
        cfg: 7,
        sampler_name: 'euler',
        scheduler: 'normal',
        positive: ['6', 0],
        negative: ['6', 0],
        latent_image: ['5', 0],
        denoise: 1,
      },
    },
    '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
    '9': { class_type: 'SaveImage', inputs: { images: ['8', 0], filename_prefix: 'bench' } },
  };
}

async function submitMany(baseUrl: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < count; start += 25) {
    const batch = Array.from({ length: Math.min(25, count - start) }, async (_, offset) => {
      const response = await fetch(`${baseUrl}/api/v2/jobs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ workflow: longWorkflow(start + offset) }),
      });
      if (response.status !== 201) throw new Error(`bench submit answered ${response.status}`);
      return createdJob.parse(await response.json()).id;
    });
    ids.push(...(await Promise.all(batch)));
  }
  return ids;
}

function kindOf(path: string): keyof WatcherScenarioResult['byKind'] {
  if (/\/api\/v2\/jobs$/.test(path)) return 'v2List';
  if (/\/api\/jobs$/.test(path)) return 'v1List';
  if (/\/api\/v2\/jobs\/[^/]+\/events$/.test(path)) return 'streams';
  if (/\/api\/v2\/jobs\/[^/]+$/.test(path)) return 'jobReads';
  return 'other';
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function runWatcherScenario(options: WatcherScenarioOptions): Promise<WatcherScenarioResult> {
  const count = options.jobs ?? 500;
  const windowMs = options.windowMs ?? 6_000;
  const sim = await options.startSimulator({
    surface: options.surface,
    workers: count,
    timing: { dispatchMs: 5, nodeMs: 5, stepMs: 2_000, progressThrottleMs: 500, previewThrottleMs: 500 },
  });
  const dir = makeTempDir('loupe-watch-bench-');
  const store = openStore(dir.file('bench.db'));
  const profileId = randomUUID();
  store.profiles.insert({
    id: profileId,
    name: 'Bench',
    surface: options.surface,
    baseUrl: sim.url,
    routerBaseUrl: null,
    builtIn: null,
  });
  const jobs = createProfileJobs(
    profileId,
    {
      surface: options.surface,
      baseUrl: sim.url,
      credential: () => Promise.resolve(bindCredential(apiKey, sim.url)),
    },
    store,
    options.config === undefined ? {} : { watch: options.config },
  );
  try {
    const ids = await submitMany(sim.url, count);
    // What the job list screen does: one page of rows (all tracked from then on), one job open live.
    await jobs.service.list({ limit: Math.min(count, 500) });
    const quiet = { emit: () => undefined, end: () => undefined };
    const stops =
      options.watchEvery === true ? ids.map((id) => jobs.watcher.watch(id, { live: false, ...quiet })) : [];
    const newest = ids.at(-1);
    if (newest !== undefined) stops.push(jobs.watcher.watch(newest, { live: true, ...quiet }));
    await sleep(options.warmupMs ?? 2_000);
    await fetch(`${sim.origin}/_sim/requests`, { method: 'DELETE' });
    await sleep(windowMs);
    const seen = recorded.parse(await (await fetch(`${sim.origin}/_sim/requests`)).json()).requests;
    const { activeStreams } = stats.parse(await (await fetch(`${sim.origin}/_sim/stats`)).json());
    for (const stop of stops) stop();
    const byKind = { v2List: 0, v1List: 0, jobReads: 0, streams: 0, other: 0 };
    for (const request of seen) byKind[kindOf(request.path)] += 1;
    const config = { ...defaultWatchConfig, ...options.config };
    return {
      surface: options.surface,
      jobs: count,
      windowMs,
      total: seen.length,
      perSecond: seen.length / (windowMs / 1000),
      byKind,
      openStreams: activeStreams,
      naivePerSecond: count / (config.detailRunningMs / 1000),
    };
  } finally {
    await jobs.dispose();
    store.close();
    dir.remove();
    await sim.close();
  }
}

/** `npm run bench`: both surfaces, as figures. */
export async function benchWatcher(
  startSimulator: WatcherScenarioOptions['startSimulator'],
  options: Omit<WatcherScenarioOptions, 'startSimulator' | 'surface'> = {},
): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const scenarios = [
    { surface: 'serverless', watchEvery: false, label: '' },
    { surface: 'managed', watchEvery: false, label: '' },
    { surface: 'serverless', watchEvery: true, label: ', each with a jobs.watch subscriber' },
  ] as const;
  for (const { surface, watchEvery, label } of scenarios) {
    const result = await runWatcherScenario({ ...options, startSimulator, surface, watchEvery });
    const prefix = `watcher: ${result.jobs} running jobs on ${surface}${label}`;
    figures.push(
      { name: `${prefix}, requests seen by the service`, value: round(result.perSecond), unit: 'req/s' },
      {
        name: `${prefix}, list requests`,
        value: result.byKind.v2List + result.byKind.v1List,
        unit: `in ${result.windowMs} ms`,
      },
      {
        name: `${prefix}, single-job reads`,
        value: result.byKind.jobReads,
        unit: `in ${result.windowMs} ms`,
      },
      { name: `${prefix}, open event streams`, value: result.openStreams, unit: 'streams' },
      {
        name: `${prefix}, naive polling (1 GET per job per interval)`,
        value: result.naivePerSecond,
        unit: 'req/s',
      },
    );
  }
  return figures;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
