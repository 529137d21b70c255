// jobs.compare: reads each job (on its own profile) and its workflow through that profile's jobs client, and
// answers what differs between the API workflows, with each job's batch values and times. A `save`-format
// document (the editor's own, canvas and all) is not a set of inputs: it is said so, never diffed.
import type { ComparedJob, JobCompareResult, JobRef } from '../../../src-shared/contracts/loop';
import type { JobSnapshot, JobWorkflow } from '../../../src-shared/contracts/jobs';
import { isRecord } from '../../../src-shared/workflowDocument';
import { diffWorkflows } from '../../../src-shared/workflowDiff';
import { isApiError } from '../api';
import type { ProfileRuntimes } from '../jobs/profileRuntimes';
import type { LoupeStore } from '../store';
import { batchValuesOf } from './batchValues';
import { unrunnableReason } from './recipeWords';

export interface CompareDeps {
  jobs: Pick<ProfileRuntimes, 'runtime'>;
  store: LoupeStore;
}

interface Read {
  job: JobSnapshot | null;
  workflow: JobWorkflow | null;
  problem: string | null;
}

async function readOne(deps: CompareDeps, ref: JobRef): Promise<Read> {
  // profile_not_found for a profile that does not exist: the whole call is refused, as for its own profile.
  const { service } = await deps.jobs.runtime(ref.profileId);
  let job: JobSnapshot | null = null;
  try {
    job = await service.get(ref.jobId);
    return { job, workflow: await service.workflow(ref.jobId), problem: null };
  } catch (error) {
    const why =
      isApiError(error) && error.status === 404 ? 'the service no longer has it' : 'it could not be read';
    return { job, workflow: null, problem: `This job's workflow is not shown: ${why}.` };
  }
}

function metric(job: JobSnapshot | null, key: string): number | null {
  return job?.metrics[key] ?? null;
}

export async function compareJobs(deps: CompareDeps, refs: readonly JobRef[]): Promise<JobCompareResult> {
  const reads = await Promise.all(refs.map((ref) => readOne(deps, ref)));
  const jobs = refs.map((ref, index): ComparedJob => {
    const { job, workflow, problem } = reads[index] ?? { job: null, workflow: null, problem: null };
    const format = workflow === null ? 'unreadable' : workflow.format;
    const unrunnable = workflow === null || workflow.format === 'api' ? null : workflow.format;
    return {
      profileId: ref.profileId,
      jobId: ref.jobId,
      format,
      problem: problem ?? (unrunnable === null ? null : unrunnableReason(unrunnable, 'compare')),
      status: job?.status ?? null,
      batch: batchValuesOf(deps.store, ref.profileId, ref.jobId),
      createdAt: job?.createdAt ?? null,
      startedAt: job?.startedAt ?? null,
      completedAt: job?.completedAt ?? null,
      queueMs: metric(job, 'queue_ms'),
      executionMs: metric(job, 'execution_ms'),
    };
  });
  const graphs = reads.map((read) =>
    read.workflow?.format === 'api' && isRecord(read.workflow.workflow) ? read.workflow.workflow : null,
  );
  const diffable = graphs.filter((graph): graph is Record<string, unknown> => graph !== null);
  // Only when every job's workflow is API-format: a diff of some of them would name columns wrongly.
  return { jobs, difference: diffable.length === graphs.length ? diffWorkflows(diffable) : null };
}
