// The Demo's finished sweep: the text-to-image workflow over 4 seeds × 3 cfg values, as Loupe runs a planned
// batch (each job labelled `loupe.batch` and `loupe.item`), two of whose items ran out of GPU memory. With it
// a newcomer's Batches screen opens on a contact sheet and a "Retry failed" before they have run anything.
// The plan is plain data, so the Demo launcher can describe the batch to Loupe exactly as it was seeded.
import { completeInstantly, type InstantRunDeps } from './jobs/instantRun';
import type { JobEngine } from './jobs/jobEngine';
import { textToImageWorkflow, type ApiWorkflow } from './jobs/sampleWorkflows';
import type { ValidatedGraph } from './jobs/workflowValidation';

export const demoSweepId = 'demo-sweep';
export const demoSweepName = 'Lighthouse study: seed × cfg';

const samplerNode = '3';
const seeds = [1, 2, 3, 4];
const cfgs = [4, 7, 10];
/** The two items whose sampler ran out of memory (positions in plan order: seed 2 cfg 10, seed 4 cfg 7). */
const outOfMemoryAt: ReadonlySet<number> = new Set([5, 10]);
// PyTorch's own words for it, raised inside the sampler: the worker reports it, so there is a traceback.
const outOfMemoryMessage =
  'CUDA out of memory. Tried to allocate 2.25 GiB. GPU 0 has a total capacity of 23.65 GiB of which ' +
  '1.12 GiB is free. Of the allocated memory 20.91 GiB is allocated by PyTorch, and 1.05 GiB is reserved ' +
  'by PyTorch but unallocated.';

const minute = 60_000;
/** Older than the rest of the seeded history, so the newest rows of the job list stay as they were. */
const sweepStartedAgoMs = 240 * minute;
/** Loupe sent the items one after another as the sending window freed up. */
const itemSpacingMs = 12_000;

export interface DemoSweepAxis {
  kind: 'sweep';
  /** The sweep as a user would have typed it in Loupe. */
  source: string;
  length: number;
}

export interface DemoSweepItem {
  /** 0-based, in plan order: the last axis (cfg) moves fastest, as in Loupe's planner. */
  position: number;
  values: Array<{ target: string; value: number }>;
  /** The workflow the job was submitted with (the sweep's values in place). */
  workflow: ApiWorkflow;
  labels: Record<string, string>;
  outOfMemory: boolean;
}

export const demoSweepAxes: readonly DemoSweepAxis[] = [
  { kind: 'sweep', source: `${samplerNode}.seed=1..4`, length: seeds.length },
  { kind: 'sweep', source: `${samplerNode}.cfg=4,7,10`, length: cfgs.length },
];

function sweepWorkflow(seed: number, cfg: number): ApiWorkflow {
  const workflow = textToImageWorkflow({
    prompt: 'a lighthouse on a cliff at dusk, storm clouds, oil painting',
    width: 256,
    height: 256,
    steps: 20,
    seed,
    filenamePrefix: 'lighthouse-sweep',
  });
  const sampler = workflow[samplerNode];
  if (sampler) sampler.inputs.cfg = cfg;
  return workflow;
}

export function demoSweepItems(): DemoSweepItem[] {
  return seeds.flatMap((seed, s) =>
    cfgs.map((cfg, c) => {
      const position = s * cfgs.length + c;
      return {
        position,
        values: [
          { target: `${samplerNode}.seed`, value: seed },
          { target: `${samplerNode}.cfg`, value: cfg },
        ],
        workflow: sweepWorkflow(seed, cfg),
        labels: { 'loupe.batch': demoSweepId, 'loupe.item': String(position) },
        outOfMemory: outOfMemoryAt.has(position),
      };
    }),
  );
}

/**
 * What the worker runs for an item, while the job keeps reporting the workflow as submitted (`graph.workflow`
 * is left as it was). The simulated sampler draws its picture from the seed alone; a real one also changes it
 * with cfg, so the picture seed folds cfg in and the contact sheet shows twelve different images. An item that
 * runs out of memory fails in the sampler itself, so its error names node 3 (KSampler), and a retry of the
 * same workflow succeeds, as it would once the GPU had room again.
 */
function asRun(graph: ValidatedGraph, item: DemoSweepItem): ValidatedGraph {
  const sampler = graph.nodes.get(samplerNode);
  const valueOf = (input: string): number | undefined =>
    item.values.find((value) => value.target === `${samplerNode}.${input}`)?.value;
  const seed = valueOf('seed');
  const cfg = valueOf('cfg');
  if (!sampler || seed === undefined || cfg === undefined) throw new Error('the sweep has no sampler');
  const nodes = new Map(graph.nodes);
  nodes.set(samplerNode, {
    ...sampler,
    nodeClass: item.outOfMemory ? { ...sampler.nodeClass, behaviour: 'fail' } : sampler.nodeClass,
    inputs: {
      ...sampler.inputs,
      seed: seed * 100 + cfg,
      ...(item.outOfMemory ? { message: outOfMemoryMessage } : {}),
    },
  });
  return { ...graph, nodes };
}

export function seedDemoSweep(
  engine: JobEngine,
  run: InstantRunDeps,
  owner: string,
  build: (workflow: ApiWorkflow) => ValidatedGraph,
): void {
  for (const item of demoSweepItems()) {
    const job = engine.createRecord({
      owner,
      graph: asRun(build(item.workflow), item),
      labels: item.labels,
      via: 'v2',
      createdAgoMs: sweepStartedAgoMs - item.position * itemSpacingMs,
    });
    completeInstantly(job, run, {
      queueMs: 300 + (item.position % 2) * 4_000,
      // Out of memory strikes as sampling starts; a full run takes about eight seconds.
      executionMs: item.outOfMemory ? 2_400 : 7_800 + (item.position % 3) * 600,
      log: 'full',
    });
  }
}
