// Benchmark of batches.list, which the Batches screen reads again whenever one of the profile's jobs moves:
// its one read of every item's standing against the reference of reading each batch on its own (one
// batches.get per batch, the way a list without the join would). And batches.get of one 1,000-item batch,
// which an open batch’s page reads again as its items’ jobs appear, against reading its item rows in full.
// Wired into `npm run bench`.
import type { JsonObject, LoupeStore } from '../../src-main/core/store';
import { BENCH_PROFILE, fastestMs, openBenchStore } from './benchStore';
import type { BenchFigure } from './storeBench';
import { makeTempDir } from '../../src-main/core/store/testing/tempDir';
import { BatchReader } from '../../src-main/core/batches/batchReader';

export interface BatchBenchOptions {
  batches?: number;
  itemsPerBatch?: number;
  /** Size of each job's recorded workflow (what makes naive reads slow). */
  workflowBytes?: number;
  rounds?: number;
}

const PROFILE = BENCH_PROFILE;

/** A workflow of about `bytes` bytes of JSON: one node with a long prompt. */
function workflowOf(bytes: number, seed: number): JsonObject {
  return { '6': { class_type: 'CLIPTextEncode', inputs: { text: `${seed} `.padEnd(bytes, 'x') } } };
}

function fill(store: LoupeStore, options: Required<BatchBenchOptions>): void {
  for (let b = 0; b < options.batches; b++) {
    const { items } = store.batches.create(
      { id: `batch-${b}`, profileId: PROFILE, name: `Batch ${b}` },
      Array.from({ length: options.itemsPerBatch }, (_, i) => ({
        id: `item-${b}-${i}`,
        idempotencyKey: `key-${b}-${i}`,
        request: { workflow: workflowOf(options.workflowBytes, b * 100 + i) },
      })),
    );
    for (const item of items) {
      const jobId = `job-${item.id}`;
      store.batchItems.markSent(item.id);
      store.jobs.recordSubmitted(PROFILE, {
        jobId,
        status: 'succeeded',
        workflow: workflowOf(options.workflowBytes, b),
        snapshot: {
          id: jobId,
          status: 'succeeded',
          created_at: '2025-01-01T00:00:00Z',
          outputs: [{ id: `asset-${jobId}`, node_id: '9', name: 'out.png', type: 'image' }],
        },
      });
      store.batchItems.markResult(item.id, { outcome: 'created', jobId });
    }
  }
}

export function benchBatchList(input: BatchBenchOptions = {}): BenchFigure[] {
  const options: Required<BatchBenchOptions> = {
    batches: input.batches ?? 500,
    itemsPerBatch: input.itemsPerBatch ?? 3,
    workflowBytes: input.workflowBytes ?? 20_000,
    rounds: input.rounds ?? 5,
  };
  const dir = makeTempDir('loupe-bench-batches-');
  const store = openBenchStore(dir.file('bench.db'));
  try {
    fill(store, options);
    const reader = new BatchReader({ store });
    const ids = reader.list(PROFILE).batches.map((batch) => batch.id);
    const list = fastestMs(options.rounds, () => reader.list(PROFILE));
    const eachGet = fastestMs(options.rounds, () => ids.forEach((id) => reader.get(PROFILE, id)));
    const scale = `${options.batches} batches × ${options.itemsPerBatch} jobs`;
    return [
      { name: `batches.list, ${scale}`, value: list, unit: 'ms' },
      { name: `reference: one batches.get per batch, ${scale}`, value: eachGet, unit: 'ms' },
      { name: 'one batches.get per batch / batches.list', value: eachGet / list, unit: '×' },
    ];
  } finally {
    store.close();
    dir.remove();
  }
}

/** batches.get of one large batch, against reading its item rows in full (requests included). */
export function benchBatchGet(
  input: { items?: number; workflowBytes?: number; rounds?: number } = {},
): BenchFigure[] {
  const options: Required<BatchBenchOptions> = {
    batches: 1,
    itemsPerBatch: input.items ?? 1_000,
    workflowBytes: input.workflowBytes ?? 20_000,
    rounds: input.rounds ?? 5,
  };
  const dir = makeTempDir('loupe-bench-batch-get-');
  const store = openBenchStore(dir.file('bench.db'));
  try {
    fill(store, options);
    const reader = new BatchReader({ store });
    const get = fastestMs(options.rounds, () => reader.get(PROFILE, 'batch-0'));
    const rows = fastestMs(options.rounds, () => store.batchItems.listForBatch('batch-0'));
    const scale = `${options.itemsPerBatch} items`;
    return [
      { name: `batches.get, one batch of ${scale}`, value: get, unit: 'ms' },
      {
        name: `reference: its ${scale}' rows read in full (batchItems.listForBatch)`,
        value: rows,
        unit: 'ms',
      },
      { name: 'batches.get / its rows read in full', value: get / rows, unit: '×' },
    ];
  } finally {
    store.close();
    dir.remove();
  }
}
