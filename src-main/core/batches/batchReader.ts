// batches.list and batches.get: a profile's batches read from Loupe's own record (the outbox in
// the store), with the jobs their items became as the jobs table last saw them. Nothing here asks the
// service: the watcher keeps those job rows fresh, and a batch screen reads again on jobs.updates.
import type {
  BatchDetail,
  BatchItem,
  BatchOutput,
  BatchSummary,
} from '../../../src-shared/contracts/batches';
import { rowPictureOf, type JobSummary } from '../../../src-shared/contracts/jobs';
import { LocalHistory } from '../jobSources/localHistory';
import { DomainError } from '../errors';
import type { BatchItemView, BatchRow, LoupeStore } from '../store';
import type { BatchItemStanding } from '../store/batchItemsTable';
import { countItems, isFinished, type CountedItem } from './batchCounts';
import { batchJobOf, storedOutputsOf, type BatchJob, type StoredOutputs } from './batchJobs';
import { axesOfPlan } from '../outbox';

export interface BatchReaderDeps {
  store: LoupeStore;
}

export class BatchReader {
  constructor(private readonly deps: BatchReaderDeps) {}

  /**
   * The active profile's batches, newest first. Two reads whatever the number of batches (the batches, and
   * every item with its job), because the list is read again each time one of the profile's jobs moves.
   * A damaged batch row is left out so the rest still show.
   */
  list(profileId: string): { batches: BatchSummary[] } {
    const { batches, batchItems } = this.deps.store;
    const standings = batchItems.standingsForProfile(profileId);
    const byBatch = new Map<string, BatchItemStanding[]>();
    for (const standing of standings.rows) {
      const list = byBatch.get(standing.batchId) ?? [];
      list.push(standing);
      byBatch.set(standing.batchId, list);
    }
    // Damaged item rows are set aside keyed by their batch id.
    const damaged = new Set(standings.corrupt.map((error) => error.details.key));
    const stored = storedOutputsOf(this.deps.store, profileId);
    return {
      batches: batches
        .list(profileId)
        .rows.map(
          (batch) => summarize(batch, byBatch.get(batch.id) ?? [], !damaged.has(batch.id), stored).summary,
        ),
    };
  }

  /**
   * The batch's own record when this profile owns it, without its items (what a call that only checks the
   * batch needs: reading a 1,000-item batch in full for that took main's time while it ran).
   */
  owned(profileId: string, batchId: string): BatchRow {
    const batch = this.deps.store.batches.get(batchId);
    // Another profile's batch is not found here: a batch belongs to the profile it was sent on.
    if (batch === null || batch.profileId !== profileId) throw batchNotFound(batchId);
    return batch;
  }

  /** One batch of the profile, with its items and every output of its jobs. */
  get(profileId: string, batchId: string): BatchDetail {
    const { batchItems, jobs } = this.deps.store;
    const batch = this.owned(profileId, batchId);
    // The same read the list makes, so the batch's counts agree with its row in the list.
    const standings = batchItems.standingsForBatch(batchId);
    const { summary, outputs } = summarize(
      batch,
      standings.rows,
      standings.corrupt.length === 0,
      storedOutputsOf(this.deps.store, profileId),
    );
    // Neither the items' requests nor their jobs' workflows are read (both hold whole workflows; the page
    // reads this again as the batch's jobs appear): a damaged one does not hide its item. An item whose own
    // row is damaged is left out of the items only.
    const views = batchItems.viewsForBatch(batchId).rows;
    const jobIds = views.flatMap((view) => (view.jobId === null ? [] : [view.jobId]));
    const summaries = new LocalHistory(jobs, profileId, batchItems).summariesOf(jobIds);
    const items = views.map((view) => itemOf(view, summaries));
    return { ...summary, ...axesOfPlan(batch.plan), items, outputs };
  }
}

/** The batch's counts and outputs from its items' standings; `complete` is false when some were damaged. */
function summarize(
  batch: BatchRow,
  standings: readonly BatchItemStanding[],
  complete: boolean,
  stored: StoredOutputs,
): { summary: BatchSummary; outputs: BatchOutput[] } {
  const jobs = standings.map((standing) => batchJobOf(standing, stored));
  const counted = standings.map((standing, i): CountedItem => ({
    submission: standing.state,
    jobStatus: jobs[i]?.status ?? null,
    jobGone: standing.job?.gone === true,
  }));
  const outputs = outputsOf(jobs);
  return {
    summary: {
      id: batch.id,
      name: batch.name,
      createdAt: batch.createdAt,
      itemCount: standings.length,
      counts: countItems(counted),
      outputsCount: outputs.length,
      // Outputs are in item order, then each job's own: their first image is the first item's that has one (a
      // batch that made only sound or video shows its first waveform or poster, as a job row does).
      thumbnail: rowPictureOf(outputs),
      // A damaged item could hold anything: the batch is not called finished.
      finished: isFinished(counted, complete),
    },
    outputs,
  };
}

/** In item order, then each job's own order. A job two items name (a reconciled resend) is shown once. */
function outputsOf(jobs: readonly (BatchJob | null)[]): BatchOutput[] {
  const seen = new Set<string>();
  const outputs: BatchOutput[] = [];
  for (const job of jobs) {
    if (job === null || seen.has(job.id)) continue;
    seen.add(job.id);
    for (const output of job.outputs) outputs.push({ ...output, jobId: job.id });
  }
  return outputs;
}

function itemOf(view: BatchItemView, summaries: ReadonlyMap<string, JobSummary>): BatchItem {
  return {
    id: view.id,
    values: view.values ?? [],
    position: view.position,
    submission: view.state,
    submitError: view.lastError,
    attempts: view.attempts,
    jobId: view.jobId,
    // The row jobs.list shows, so a batch item and a list row agree.
    job: view.jobId === null ? null : (summaries.get(view.jobId) ?? null),
  };
}

function batchNotFound(batchId: string): DomainError {
  return new DomainError(
    'batch_not_found',
    `Loupe has no batch ${batchId} for this connection. It was submitted under another connection, or it ` +
      'was removed. Switch to the connection that submitted it, or choose a batch from the list.',
  );
}
