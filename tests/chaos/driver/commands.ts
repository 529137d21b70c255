// The driver's commands, each what the CLI does for the same words, through the same core calls:
// `batch run --inputs DIR --bind 10.image --sweep 3.seed=1..10 --wait` (upload hash-first, plan, record every
// item with its own key, send a window at a time), `batch resume ID --wait`, `batch retry ID --wait`; plus
// cancels of a few items' jobs while the batch runs (jobs.cancel), and the record the verdict reads.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordPlan } from '../../../src-main/core/outbox';
import { planBatch } from '../../../src-main/core/plan';
import { IMAGE_TARGET, SEED_TARGET, SEEDS_PER_FILE, trialWorkflow } from '../trialWorkflow';
import { TOLD_GONE_FILE, type Engine } from './engine';
import type { DriverConfig, DriverMessage, LoupeRecord } from './protocol';

export type Emit = (message: DriverMessage) => void;

/** The batch this trial recorded, found by its name (a run cut short before recording it has none). */
function recordedBatch(engine: Engine, name: string): string | null {
  const batch = engine.core.store.batches.list(engine.profileId).rows.find((row) => row.name === name);
  return batch?.id ?? null;
}

/** `uploadInputs` of the CLI's batch run: every file hash-first, all of them or the command fails. */
async function uploadInputs(engine: Engine, dir: string): Promise<string[]> {
  const uploads = engine.core.uploads;
  const { batchId } = await uploads.start(engine.profileId, [dir]);
  const batch = await uploads.whenFinished(batchId);
  const files = [...batch.files].sort((a, b) => (a.relativePath < b.relativePath ? -1 : 1));
  return files.map((file) => {
    const outcome = file.outcome;
    if (outcome?.kind !== 'deduplicated' && outcome?.kind !== 'uploaded') {
      const why =
        outcome === null ? 'it did not finish' : outcome.kind === 'canceled' ? 'canceled' : outcome.message;
      throw new Error(`input_upload_failed: ${file.relativePath}: ${why}`);
    }
    return outcome.assetId;
  });
}

async function planAndRecord(engine: Engine, config: DriverConfig): Promise<string> {
  const assetIds = await uploadInputs(engine, config.inputsDir);
  const plan = planBatch({
    workflow: trialWorkflow(),
    axes: [
      { kind: 'inputs', target: IMAGE_TARGET, assetIds },
      { kind: 'sweep', text: `${SEED_TARGET}=1..${SEEDS_PER_FILE}` },
    ],
  });
  const batch = recordPlan(
    { store: engine.core.store, profileId: engine.profileId, surface: 'serverless', newId: randomUUID },
    plan,
    { name: config.batchName, workflowFile: 'chaos.json', window: config.window },
  );
  return batch.id;
}

/** Cancels the jobs of the items at `positions` once each has one (at most once each), as jobs.cancel does. */
function canceller(engine: Engine, batchId: string, positions: readonly number[], emit: Emit) {
  const asked = new Set<number>();
  const calls: Array<Promise<void>> = [];
  const look = (): void => {
    if (asked.size === positions.length) return;
    for (const item of engine.core.store.batchItems.listForBatch(batchId).rows) {
      if (!positions.includes(item.position) || asked.has(item.position) || item.jobId === null) continue;
      asked.add(item.position);
      const jobId = item.jobId;
      calls.push(
        engine.runtime.service.cancel(jobId).then(
          (job) => emit({ type: 'cancel', jobId, ok: true, detail: job.status }),
          (error: unknown) => emit({ type: 'cancel', jobId, ok: false, detail: describe(error) }),
        ),
      );
    }
  };
  return { look, settled: () => Promise.allSettled(calls) };
}

async function sendBatch(
  engine: Engine,
  config: DriverConfig,
  batchId: string,
  positions: readonly number[],
  emit: Emit,
) {
  const cancels = canceller(engine, batchId, positions, emit);
  try {
    await engine.runtime.batches.run(batchId, {
      window: config.window,
      signal: new AbortController().signal,
      until: 'ended',
      onProgress: () => cancels.look(),
    });
  } finally {
    await cancels.settled();
  }
}

export async function runCommand(
  engine: Engine,
  config: DriverConfig,
  command: 'send' | 'resume' | 'retry',
  cancelPositions: readonly number[],
  emit: Emit,
): Promise<void> {
  let batchId = recordedBatch(engine, config.batchName);
  // A resume or retry whose batch was never recorded is the same as running the command again.
  if (batchId === null) batchId = await planAndRecord(engine, config);
  emit({ type: 'batch', batchId });
  if (command === 'retry') engine.runtime.batches.retryFailed(batchId);
  await sendBatch(engine, config, batchId, cancelPositions, emit);
}

/** The jobs any of this trial's processes told a window were gone (engine.ts, TOLD_GONE_FILE). */
function toldGone(config: DriverConfig): string[] {
  const path = join(config.dataDir, TOLD_GONE_FILE);
  if (!existsSync(path)) return [];
  return [
    ...new Set(
      readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => line !== ''),
    ),
  ];
}

export function loupeRecord(engine: Engine, config: DriverConfig): LoupeRecord {
  const { store } = engine.core;
  const batchId = recordedBatch(engine, config.batchName);
  const items = batchId === null ? [] : store.batchItems.listForBatch(batchId).rows;
  return {
    batchId,
    items: items.map((item) => ({
      id: item.id,
      position: item.position,
      state: item.state,
      jobId: item.jobId,
      idempotencyKey: item.idempotencyKey,
      lastError: item.lastError,
      retryOfJob: item.retryOfJob,
      workflow: item.request.workflow,
    })),
    jobs: store.jobs
      .list(engine.profileId, { limit: 10_000 })
      .rows.map((row) => ({ id: row.jobId, status: row.status, goneAt: row.goneAt })),
    toldGone: toldGone(config),
    uploads: store.uploads.list(engine.profileId).rows.map((row) => ({
      id: row.id,
      state: row.state,
      hash: row.hash,
      assetId: row.assetId,
      idempotencyKey: row.idempotencyKey,
      lastError: row.lastError,
    })),
  };
}

export function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = 'code' in error && typeof error.code === 'string' ? ` [${error.code}]` : '';
    return `${error.name}${code}: ${error.message}`;
  }
  return String(error);
}
