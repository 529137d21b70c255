// Sending a batch (issue 12): a 1,000-item batch recorded and sent through core's outbox and BatchRunner
// against the simulator, as items per second beside the simulator's raw POST rate measured in the same run
// (the same 1,000 bodies POSTed back to back, no outbox); and what watching a batch to its end costs in
// requests per item with the watcher's production intervals.
import { randomUUID } from 'node:crypto';
import { bindCredential } from '../src-main/core/api';
import { recordPlannedBatch, type PlannedItemInput } from '../src-main/core/outbox';
import { createProfileJobs } from '../src-main/core/jobs/profileJobs';
import { openStore, type LoupeStore } from '../src-main/core/store';
import { makeTempDir } from '../src-main/core/store/testing/tempDir';
import { textToImageWorkflow } from '../src-main/simulator/jobs/sampleWorkflows';
import { startSimulator, type RunningSimulator } from '../src-main/simulator/server';
import type { Figure, Figures } from './figures';

const KEY = 'demo-key';

function items(count: number, steps: number): PlannedItemInput[] {
  return Array.from({ length: count }, (_, seed) => ({
    values: [{ target: '3.seed', value: seed }],
    workflow: textToImageWorkflow({ seed, steps }),
  }));
}

async function simulator(workers: number): Promise<RunningSimulator> {
  return startSimulator({
    surface: 'serverless',
    port: 0,
    apiKeys: [KEY],
    workers,
    timing: { dispatchMs: 1, nodeMs: 1, stepMs: 1, progressThrottleMs: 50, previewThrottleMs: 50 },
  });
}

function profileOn(store: LoupeStore, sim: RunningSimulator) {
  store.profiles.insert({
    id: 'p',
    name: 'Bench',
    surface: 'serverless',
    baseUrl: sim.url,
    routerBaseUrl: null,
    builtIn: null,
  });
  return createProfileJobs(
    'p',
    {
      surface: 'serverless',
      baseUrl: sim.url,
      credential: () => Promise.resolve(bindCredential(KEY, sim.url, null)),
    },
    store,
  );
}

/** The simulator's own rate: the same bodies POSTed one after another, nothing written locally. */
async function rawPostRate(sim: RunningSimulator, count: number): Promise<number> {
  const bodies = items(count, 1).map((item) => JSON.stringify({ workflow: item.workflow }));
  const began = performance.now();
  for (const body of bodies) {
    const answer = await fetch(`${sim.url}/api/v2/jobs`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body,
    });
    await answer.arrayBuffer();
  }
  return count / ((performance.now() - began) / 1000);
}

async function sendRate(count: number): Promise<{ itemsPerSecond: number; recordMs: number }> {
  const sim = await simulator(64);
  const dir = makeTempDir('loupe-bench-batch-');
  const store = openStore(dir.file('loupe.db'));
  const jobs = profileOn(store, sim);
  try {
    const recordBegan = performance.now();
    const batch = recordPlannedBatch(
      { store, profileId: 'p', surface: 'serverless', newId: randomUUID },
      { name: 'bench', plan: {} },
      items(count, 1),
    );
    const recordMs = performance.now() - recordBegan;
    const began = performance.now();
    // A window as wide as the batch: what is measured is the sending path, not the simulator's queue.
    await jobs.batches.run(batch.id, { window: count, signal: new AbortController().signal, until: 'sent' });
    return { itemsPerSecond: count / ((performance.now() - began) / 1000), recordMs };
  } finally {
    await jobs.dispose();
    store.close();
    dir.remove();
    await sim.close();
  }
}

async function requestsPerItem(count: number): Promise<number> {
  const sim = await simulator(8);
  const dir = makeTempDir('loupe-bench-watch-');
  const store = openStore(dir.file('loupe.db'));
  const jobs = profileOn(store, sim);
  try {
    const batch = recordPlannedBatch(
      { store, profileId: 'p', surface: 'serverless', newId: randomUUID },
      { name: 'watch', plan: {} },
      items(count, 20),
    );
    sim.control.clearRequests();
    await jobs.batches.run(batch.id, { window: 16, signal: new AbortController().signal });
    return sim.control.requests().length / count;
  } finally {
    await jobs.dispose();
    store.close();
    dir.remove();
    await sim.close();
  }
}

export async function benchBatchSending(): Promise<Figures> {
  const count = 1_000;
  const rawSim = await simulator(64);
  let raw: number;
  try {
    raw = await rawPostRate(rawSim, count);
  } finally {
    await rawSim.close();
  }
  const sent = await sendRate(count);
  const perItem = await requestsPerItem(200);
  const ratio = sent.itemsPerSecond / raw;
  const figures: Figure[] = [
    { name: 'simulator raw POST rate (reference, same run)', value: raw, unit: 'items/s' },
    { name: 'Loupe batch send rate (outbox + runner)', value: sent.itemsPerSecond, unit: 'items/s' },
    { name: 'send rate / raw POST rate', value: ratio, unit: '×', target: '≥ 0.85', met: ratio >= 0.85 },
    { name: 'recording 1,000 items before sending (one commit)', value: sent.recordMs, unit: 'ms' },
    { name: 'requests per item, 200 items watched to the end (window 16)', value: perItem, unit: 'req/item' },
  ];
  return {
    title: 'Batches: sending 1,000 items through the outbox, and watching a batch',
    figures,
    notes: [
      'Each item is written before it is sent (a durable mark per send) and its job recorded when it answers.',
      'Requests per item count every request the simulator saw: the POST, the watcher’s reads and streams.',
    ],
  };
}
