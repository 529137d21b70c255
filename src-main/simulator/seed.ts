// The demo seed: a history that shows every screen at once. Finished jobs with image, audio, text and
// latent outputs, a failed one with a traceback, a platform-killed one with no log, one with a
// truncated log, a labelled one, a save-format one from the "editor", a finished seed × cfg sweep that
// Loupe ran as a batch (demoSweep.ts), and live work (one running, one queued behind it).
import { randomUUID } from 'node:crypto';
import { seedDemoSweep } from './demoSweep';
import { completeInstantly, type InstantRunShape } from './jobs/instantRun';
import type { JobEngine, NewJob } from './jobs/jobEngine';
import {
  audioWorkflow,
  crashingWorkflow,
  failingWorkflow,
  textAndLatentWorkflow,
  textToImageWorkflow,
  uiWorkflowDocument,
  type ApiWorkflow,
} from './jobs/sampleWorkflows';
import type { SimulatorServices } from './ports';

const minute = 60_000;

interface SeedEntry {
  workflow: ApiWorkflow;
  agoMs: number;
  shape: InstantRunShape;
  labels?: Record<string, string>;
  saved?: boolean;
}

const history: SeedEntry[] = [
  {
    workflow: textToImageWorkflow({
      prompt: 'a lighthouse at dusk, oil painting',
      width: 512,
      height: 384,
      batch: 2,
      steps: 20,
    }),
    agoMs: 180 * minute,
    shape: { queueMs: 1200, executionMs: 9400, log: 'full' },
    labels: { project: 'lighthouse', batch: 'b-001' },
  },
  {
    // Long enough that a player shows its length (a tone under a second reads "0:00 / 0:00").
    workflow: audioWorkflow(523.25, 4_000),
    agoMs: 150 * minute,
    shape: { queueMs: 300, executionMs: 2100, log: 'full' },
  },
  {
    workflow: textAndLatentWorkflow(),
    agoMs: 120 * minute,
    shape: { queueMs: 500, executionMs: 1300, log: 'full' },
    labels: { project: 'lighthouse', batch: 'b-002' },
  },
  {
    workflow: failingWorkflow('Sampler diverged: NaN values in the latent at step 7.'),
    agoMs: 90 * minute,
    shape: { queueMs: 800, executionMs: 3300, log: 'full' },
  },
  {
    workflow: textToImageWorkflow({
      prompt: 'portrait of a cat astronaut',
      width: 384,
      height: 512,
      steps: 25,
      seed: 7,
    }),
    agoMs: 60 * minute,
    shape: { queueMs: 400, executionMs: 11_800, log: 'full' },
    saved: true,
  },
  {
    workflow: textToImageWorkflow({
      prompt: 'isometric city block',
      width: 256,
      height: 256,
      steps: 30,
      seed: 11,
    }),
    agoMs: 40 * minute,
    shape: { queueMs: 700, executionMs: 14_100, log: 'tail' },
  },
  {
    workflow: crashingWorkflow(),
    agoMs: 25 * minute,
    shape: { queueMs: 900, executionMs: 61_000, log: 'full' },
  },
];

export function seedDemoJobs(engine: JobEngine, services: SimulatorServices, owner: string): void {
  let fileNumber = 1000;
  const run = { assets: services.assets, media: services.media, nextFileNumber: () => ++fileNumber };
  const build = (workflow: ApiWorkflow): NewJob['graph'] => {
    const validation = engine.validate(workflow, owner);
    if (!validation.ok) throw new Error(`seed workflow is invalid: ${validation.failure.message}`);
    return validation.graph;
  };
  // The oldest history goes first: lists run newest first in creation order, so it sorts below the rest.
  seedDemoSweep(engine, run, owner, build);
  for (const entry of history) {
    const workflowId = entry.saved ? randomUUID() : null;
    const job = engine.createRecord({
      owner,
      graph: build(entry.workflow),
      labels: entry.labels ?? null,
      via: entry.saved ? 'editor' : 'v2',
      savedWorkflow: workflowId ? uiWorkflowDocument(workflowId) : null,
      workflowId,
      createdAgoMs: entry.agoMs,
    });
    completeInstantly(job, run, entry.shape);
  }
  // Live work: a long run that is watchable for a few minutes, and one queued behind it.
  engine.submit({
    owner,
    graph: build(
      textToImageWorkflow({
        prompt: 'a slow sunrise over the sea',
        width: 512,
        height: 512,
        steps: 1500,
        seed: 3,
      }),
    ),
    labels: { project: 'sunrise' },
    via: 'v2',
  });
  engine.submit({ owner, graph: build(audioWorkflow(330, 3_000)), labels: null, via: 'v2' });
}
