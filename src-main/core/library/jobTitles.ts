// Names job rows by what they made (issue 21): the title of the job's library entries, else, for a job Loupe
// sent whose outputs are not in yet, the first prompt words of the workflow it sent; and a batch item's values
// beside it, as the rows of one sweep share their prompt. Bounded by the page: one query for the page's entries,
// one for the batch items of the jobs Loupe sent, and a workflow read only for those jobs that have no entry.
import type { JobSummary } from '../../../src-shared/contracts/jobs';
import type { LoupeStore } from '../store';
import { isStoreError } from '../store/errors';
import { entryTitle } from '../store/facts/entryOf';
import { valuesBesideTitle } from '../../../src-shared/itemValuesText';
import { namedItemValues } from '../store/facts/itemValueNames';
import { workflowFacts } from '../store/facts/workflowFacts';

function titleFromWorkflow(store: LoupeStore, profileId: string, jobId: string): string | null {
  try {
    const workflow = store.jobs.get(profileId, jobId)?.workflow ?? null;
    if (workflow === null) return null;
    const facts = workflowFacts(workflow, 'unknown');
    return facts.prompts.length === 0 ? null : entryTitle({ facts, batch: null }, '');
  } catch (error) {
    // A damaged job row leaves the row named by its id, as before.
    if (isStoreError(error, 'corrupt_row')) return null;
    throw error;
  }
}

export function withTitles(store: LoupeStore, profileId: string, jobs: readonly JobSummary[]): JobSummary[] {
  const ids = jobs.map((job) => job.id);
  const titles = store.library.entries.titlesOf(profileId, ids);
  // Only jobs Loupe sent can be batch items.
  const values = store.batchItems.valuesOfJobs(
    profileId,
    jobs.filter((job) => job.submittedByUs).map((job) => job.id),
  );
  return jobs.map((job) => {
    const title =
      titles.get(job.id) ?? (job.submittedByUs ? titleFromWorkflow(store, profileId, job.id) : null);
    return {
      ...job,
      title,
      inLibrary: titles.has(job.id),
      itemValues: valuesBesideTitle(title, namedItemValues(values.get(job.id) ?? null)),
    };
  });
}
