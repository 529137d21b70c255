// Jobs with 10,000 outputs against main's event loop (issue 19, fault 5: four such jobs took 29.5 s of CPU in
// OutputsTable.upsertForJob and stalled main up to 50 s). The simulator runs in a process of its own (making
// 40,000 assets is its work, not main's); this process is main: a profile's watcher follows four such jobs
// live, as the app would, until every output is in the store, while monitorEventLoopDelay and cpuUsage watch.
// The reference, measured in the same run on the same jobs: one flush the way the watcher wrote before (every
// job's whole snapshot and every output row in one synchronous transaction), which it did on each change.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { bindCredential, HttpClient, type Connection, type Output } from '../../src-main/core/api';
import { createProfileJobs } from '../../src-main/core/jobs/profileJobs';
import { outputFields } from '../../src-main/core/jobSources/normalize';
import { ServiceJobs } from '../../src-main/core/jobSources/serviceJobs';
import { readWire, type WireJob } from '../../src-main/core/jobSources/wireJob';
import { openStore, type LoupeStore } from '../../src-main/core/store';
import { makeTempDir } from '../../src-main/core/store/testing/tempDir';
import { manyOutputsWorkflow } from '../../src-main/simulator/jobs/sampleWorkflows';
import type { Figure } from '../figures';

export interface OutputsBenchOptions {
  jobs?: number;
  outputsPerJob?: number;
}

const apiKey = 'bench-key';

/** `npm run simulate` in a child process; resolves with its base URL once it listens. */
async function startSimulatorProcess(): Promise<{ url: string; child: ChildProcess }> {
  // At the lowest priority: a real service does its work on other machines, and main's delays should be
  // main's own, not those of a simulator busy making 40,000 assets on the same two cores.
  const child = spawn(
    'nice',
    [
      '-n',
      '19',
      process.execPath,
      '--import',
      'tsx',
      'src-main/simulator/cli.ts',
      '--surface',
      'serverless',
      '--api-key',
      apiKey,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  const match = /^listening on (\S+)$/.exec(String(first.value));
  if (match?.[1] === undefined) throw new Error(`the simulator said: ${String(first.value)}`);
  return { url: match[1], child };
}

function connectionTo(url: string): Connection {
  return {
    surface: 'serverless',
    baseUrl: url,
    credential: () => Promise.resolve(bindCredential(apiKey, url)),
  };
}

function profileStore(dir: string, url: string): { store: LoupeStore; profileId: string } {
  const store = openStore(dir);
  const profileId = randomUUID();
  store.profiles.insert({
    id: profileId,
    name: 'Bench',
    surface: 'serverless',
    baseUrl: url,
    routerBaseUrl: null,
    builtIn: null,
  });
  return { store, profileId };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Measured {
  longestStallMs: number;
  p99DelayMs: number;
  cpuMs: number;
  wallMs: number;
  transactions: number;
  largestTransaction: number;
}

/** The watcher follows `count` jobs of `outputs` outputs each until every output is stored. */
async function followJobs(
  url: string,
  count: number,
  outputs: number,
): Promise<{ measured: Measured; ids: string[] }> {
  const dir = makeTempDir('loupe-outputs-bench-');
  const { store, profileId } = profileStore(dir.file('bench.db'), url);
  const jobs = createProfileJobs(profileId, connectionTo(url), store);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  try {
    const cpu = process.cpuUsage();
    const started = performance.now();
    delay.enable();
    const ids: string[] = [];
    const stops: Array<() => void> = [];
    const quiet = { emit: () => undefined, end: () => undefined };
    for (let i = 0; i < count; i++) {
      const job = await jobs.service.submit({
        workflowJson: JSON.stringify(manyOutputsWorkflow(outputs, `job ${i}`)),
      });
      ids.push(job.id);
      // Each one open live, as a detail pane would have it.
      stops.push(jobs.watcher.watch(job.id, { live: true, ...quiet }));
    }
    for (;;) {
      await jobs.watcher.outputs.whenIdle();
      const stored = ids.every(
        (id) =>
          jobs.watcher.hasFinished(id) && store.outputs.pageForJob(profileId, id, 0, 1).total === outputs,
      );
      if (stored) break;
      await sleep(20);
    }
    const wallMs = performance.now() - started;
    delay.disable();
    const used = process.cpuUsage(cpu);
    for (const stop of stops) stop();
    return {
      ids,
      measured: {
        longestStallMs: delay.max / 1e6,
        p99DelayMs: delay.percentile(99) / 1e6,
        cpuMs: (used.user + used.system) / 1000,
        wallMs,
        transactions: jobs.watcher.outputs.stats.transactions,
        largestTransaction: jobs.watcher.outputs.stats.largestTransaction,
      },
    };
  } finally {
    await jobs.dispose();
    store.close();
    dir.remove();
  }
}

/** One flush the old way: the jobs' whole snapshots and every output row, in one synchronous transaction. */
async function oldFlush(url: string, ids: readonly string[]): Promise<{ stallMs: number; cpuMs: number }> {
  const dir = makeTempDir('loupe-outputs-bench-old-');
  const { store, profileId } = profileStore(dir.file('bench.db'), url);
  try {
    const reader = new ServiceJobs(new HttpClient({ connection: connectionTo(url) }));
    const wires: WireJob[] = [];
    for (const id of ids) wires.push(await reader.read(id));
    const rowsOf = (outputs: readonly Output[]) =>
      outputs.map((output) => ({ ...outputFields(output), size: output.size_bytes ?? 0 }));
    const cpu = process.cpuUsage();
    const started = performance.now();
    store.transaction(() => {
      for (const wire of wires) {
        store.jobs.upsertSnapshot(profileId, wire);
        store.outputs.upsertForJob(profileId, wire.id, rowsOf(readWire(wire).outputs ?? []));
      }
    });
    const stallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { stallMs, cpuMs: (used.user + used.system) / 1000 };
  } finally {
    store.close();
    dir.remove();
  }
}

const round = (value: number): number => Math.round(value * 10) / 10;

export async function benchManyOutputs(options: OutputsBenchOptions = {}): Promise<Figure[]> {
  const count = options.jobs ?? 4;
  const outputs = options.outputsPerJob ?? 10_000;
  const sim = await startSimulatorProcess();
  try {
    const { measured, ids } = await followJobs(sim.url, count, outputs);
    const reference = await oldFlush(sim.url, ids);
    const ratio = reference.stallMs / Math.max(measured.longestStallMs, 1);
    const scenario = `${count} jobs × ${outputs.toLocaleString('en-US')} outputs, followed live`;
    return [
      {
        name: `${scenario}: main's longest event-loop stall`,
        value: round(measured.longestStallMs),
        unit: 'ms',
      },
      {
        name: `${scenario}: event-loop delay, 99th percentile`,
        value: round(measured.p99DelayMs),
        unit: 'ms',
      },
      {
        name: `${scenario}: main's CPU until every output is stored`,
        value: Math.round(measured.cpuMs),
        unit: 'ms',
      },
      {
        name: `${scenario}: time until every output is stored`,
        value: Math.round(measured.wallMs),
        unit: 'ms',
      },
      {
        name: `${scenario}: output transactions (largest)`,
        value: measured.transactions,
        unit: `(${measured.largestTransaction} rows)`,
      },
      {
        name: 'reference, same run: one flush as before (whole snapshots and lists, one transaction): stall',
        value: Math.round(reference.stallMs),
        unit: 'ms',
      },
      { name: 'reference: CPU of that one flush', value: Math.round(reference.cpuMs), unit: 'ms' },
      {
        name: 'one flush as before / longest stall now',
        value: round(ratio),
        unit: '×',
        target: '≥ 100 ×',
        met: ratio >= 100,
      },
    ];
  } finally {
    sim.child.kill('SIGINT');
  }
}
