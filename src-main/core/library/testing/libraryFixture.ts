// Test support: jobs with workflows and outputs written into a real store the way the watcher writes them
// (snapshot, then outputs), so the library indexes them through its real road.
import type { JsonObject, LoupeStore } from '../../store';
import { jsonObjectSchema } from '../../store/rowCodec';
import { textToImageWorkflow } from '../../../simulator/jobs/sampleWorkflows';

export interface FixtureJob {
  jobId: string;
  prompt?: string;
  seed?: number;
  steps?: number;
  createdAt?: string;
  outputs?: number;
  type?: string;
  workflow?: JsonObject | null;
  labels?: Record<string, string>;
}

/** Records a finished job (as submitted by Loupe, with its workflow) and its outputs. */
export function addJob(store: LoupeStore, profileId: string, job: FixtureJob): void {
  const workflow =
    job.workflow === undefined
      ? jsonObjectSchema.parse(
          textToImageWorkflow({
            prompt: job.prompt ?? 'a lighthouse at dusk',
            seed: job.seed ?? 42,
            steps: job.steps ?? 20,
          }),
        )
      : job.workflow;
  const createdAt = job.createdAt ?? '2025-01-01T00:00:00.000Z';
  if (workflow !== null) {
    store.jobs.recordSubmitted(profileId, {
      jobId: job.jobId,
      status: 'queued',
      workflow,
      ...(job.labels === undefined ? {} : { labels: job.labels }),
    });
  }
  store.jobs.upsertSnapshot(profileId, {
    id: job.jobId,
    status: 'succeeded',
    created_at: createdAt,
    expires_at: null,
  });
  const outputs = Array.from({ length: job.outputs ?? 1 }, (_, i) => ({
    assetId: `${job.jobId}-a${i}`,
    nodeId: '9',
    name: `ComfyUI_${job.jobId}_${i}.png`,
    type: job.type ?? 'image',
    contentType: 'image/png',
    size: 1000 + i,
    hash: `blake3:${job.jobId}${i}`,
  }));
  store.outputs.upsertForJob(profileId, job.jobId, outputs);
}
