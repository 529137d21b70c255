// How the backlog reads one finished job for the library: the job itself (its outputs, through the profile's
// runtime, as jobs.get reads it), then, when Loupe does not have the workflow the job ran (a job it did not
// submit), that workflow too (GET …/workflow), so the job's entries are named by their prompt and found by
// seed, model and every string input. The entries are made again from the new facts; ratings stay.
// Answers how many requests it made (1 or 2), so the backlog's rate bounds requests, not jobs.
import type { LoupeStore } from '../store';

/** What the reader needs of a profile's runtime. */
export interface LibraryJobSource {
  get(jobId: string): Promise<unknown>;
  workflow(jobId: string): Promise<{ format: string; workflow: unknown }>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function readForLibrary(
  store: LoupeStore,
  source: LibraryJobSource,
  profileId: string,
  jobId: string,
): Promise<number> {
  await source.get(jobId);
  if (store.jobs.get(profileId, jobId)?.workflow != null) return 1;
  const document = await source.workflow(jobId);
  // `api` and `save` both carry facts (workflowFacts reads either); anything newer is left alone.
  if ((document.format !== 'api' && document.format !== 'save') || !isRecord(document.workflow)) return 2;
  if (store.jobs.get(profileId, jobId) === null) {
    // The watcher writes what get() read on its next flush; the indexer takes the workflow up then.
    store.library.indexer.awaitWorkflow(profileId, jobId, document.workflow);
    return 2;
  }
  if (!store.jobs.rememberWorkflow(profileId, jobId, document.workflow)) return 2;
  store.library.indexer.forget(profileId, jobId);
  store.library.indexer.indexOutputs(profileId, jobId, store.outputs.listForJob(profileId, jobId).rows);
  return 2;
}
