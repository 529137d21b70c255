// What a library entry says about one output, from what the store knows of its job: the workflow's facts
// (workflowFacts.ts), the job's labels, times and status, the batch and its axis values. Pure, so the
// indexer, the catch-up pass and the benchmark build entries the same way.
import type { EntryFacts, LibraryEntryInput } from '../libraryRow';
import { itemValuesText } from '../../../../src-shared/itemValuesText';
import { titleOf, type WorkflowFacts } from './workflowFacts';

export interface JobContext {
  profileId: string;
  jobId: string;
  status: string;
  /** When the job was made (the service's `created_at`, else when Loupe first saw it), ISO. */
  createdAt: string;
  terminalAt: string | null;
  /** When the service's copy goes (the job's expires_at), ISO or null. */
  expiresAt: string | null;
  labels: Record<string, string>;
  facts: WorkflowFacts;
  batch: { id: string; name: string; values: Record<string, string> } | null;
}

export interface OutputContext {
  assetId: string;
  name: string;
  type: string;
  contentType: string;
  size: number;
  hash: string | null;
}

/** How many words of the first prompt name an entry. */
const TITLE_WORDS = 8;

/** The first prompt's first words, else the batch name and its values, else the file name: never an id. */
export function entryTitle(job: Pick<JobContext, 'facts' | 'batch'>, fileName: string): string {
  const prompt = titleOf(job.facts, 80);
  if (prompt !== null) {
    const words = prompt.replace(/…$/, '').split(' ');
    return words.length > TITLE_WORDS ? `${words.slice(0, TITLE_WORDS).join(' ')}…` : prompt;
  }
  if (job.batch !== null) {
    const values = itemValuesText(job.batch.values);
    return values === '' ? job.batch.name : `${job.batch.name} · ${values}`;
  }
  return fileName === '' ? 'Untitled output' : fileName;
}

function factsOf(job: JobContext): EntryFacts {
  return {
    prompts: job.facts.prompts,
    negatives: job.facts.negatives,
    scheduler: job.facts.scheduler,
    denoise: job.facts.denoise,
    models: job.facts.models,
    loras: job.facts.loras,
    strings: job.facts.strings,
    labels: job.labels,
    batchName: job.batch?.name ?? null,
  };
}

/** A finite number, or null (a hostile workflow can say `Infinity` in words). */
function finite(value: number | null): number | null {
  return value !== null && Number.isFinite(value) ? value : null;
}

export function entryOf(job: JobContext, output: OutputContext): LibraryEntryInput {
  const facts = factsOf(job);
  return {
    profileId: job.profileId,
    jobId: job.jobId,
    assetId: output.assetId,
    name: output.name,
    type: output.type,
    contentType: output.contentType,
    size: output.size,
    hash: output.hash,
    title: entryTitle(job, output.name),
    createdAt: job.createdAt,
    terminalAt: job.terminalAt,
    jobStatus: job.status,
    batchId: job.batch?.id ?? null,
    batchValues: job.batch === null ? null : job.batch.values,
    prompt: job.facts.prompts[0] ?? null,
    seed: finite(job.facts.seed),
    steps: finite(job.facts.steps),
    cfg: finite(job.facts.cfg),
    sampler: job.facts.sampler,
    model: job.facts.models[0] ?? null,
    width: finite(job.facts.width),
    height: finite(job.facts.height),
    facts,
    expiresAt: job.expiresAt,
  };
}
