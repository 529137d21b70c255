// Human-readable renderings: sizes, tables, one-line job summaries. Every field that came from the service
// goes through `visible` here, so the command files never print raw server text by accident.
import type { BatchCounts } from '../../src-shared/contracts/batches';
import type { JobOutput, JobSnapshot, JobSummary } from '../../src-shared/contracts/jobs';
import { formatBytes as formatSize } from '../../src-shared/format';
import { visible } from './terminalText';

/** A size in the same words as the app (decimal units); '?' when the service did not say. */
export function formatBytes(bytes: number | null): string {
  return bytes === null ? '?' : formatSize(bytes);
}

/** Columns padded to their widest cell; every cell is made visible first. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const cells = [header, ...rows].map((row) => row.map((cell) => visible(cell)));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  return cells.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

export function formatLabels(labels: Readonly<Record<string, string>>): string {
  return Object.entries(labels)
    .map(([key, value]) => `${key}=${value}`)
    .join(',');
}

/**
 * The status in words. An unknown status keeps the service's own word, so the line never claims more than it
 * knows; a job the service said it no longer knows says that, with the last status it gave.
 */
export function statusWords(job: Pick<JobSummary, 'status' | 'rawStatus' | 'goneAt'>): string {
  if (job.status !== 'unknown') return job.status;
  if (job.goneAt != null) return `not on the service (last seen ${job.rawStatus})`;
  return `unknown (${job.rawStatus})`;
}

/** `2 succeeded, 1 running, 2 not on the service, 3 to send, 1 refused`: a batch's items by where they stand. */
export function batchCountsWords(counts: BatchCounts): string {
  const parts = Object.entries(counts.jobs).map(([status, n]) => `${n} ${status}`);
  if ((counts.gone ?? 0) > 0) parts.push(`${counts.gone} not on the service`);
  if (counts.submitting > 0) parts.push(`${counts.submitting} to send`);
  if (counts.submitFailed > 0) parts.push(`${counts.submitFailed} refused`);
  return parts.join(', ');
}

/** `running 45% node 3/7 KSampler step 2/4`: the state of a job in one line. */
export function jobStateLine(job: JobSnapshot): string {
  const parts: string[] = [statusWords(job)];
  if (job.status === 'queued' && job.queuePosition !== null) parts.push(`position ${job.queuePosition}`);
  const progress = job.progress;
  if (progress !== null && job.status === 'running') {
    parts.push(`${Math.round(progress.value * 100)}%`);
    parts.push(`node ${progress.nodesDone}/${progress.nodesTotal}`);
    if (progress.currentNodeClass !== null) parts.push(progress.currentNodeClass);
    if (progress.step !== null && progress.steps !== null)
      parts.push(`step ${progress.step}/${progress.steps}`);
  }
  if (job.outputsCount > 0) parts.push(`${job.outputsCount} output${job.outputsCount === 1 ? '' : 's'}`);
  return visible(parts.join(' '));
}

export function jobDetailLines(job: JobSnapshot): string[] {
  const lines = [`id         ${visible(job.id)}`, `status     ${jobStateLine(job)}`];
  if (job.createdAt !== null) lines.push(`created    ${visible(job.createdAt)}`);
  if (job.startedAt !== null) lines.push(`started    ${visible(job.startedAt)}`);
  if (job.completedAt !== null) lines.push(`completed  ${visible(job.completedAt)}`);
  if (job.expiresAt !== null) lines.push(`expires    ${visible(job.expiresAt)}`);
  if (Object.keys(job.labels).length > 0) lines.push(`labels     ${visible(formatLabels(job.labels))}`);
  if (job.retryOf !== null) lines.push(`retry of   ${visible(job.retryOf)}`);
  if (job.error !== null) lines.push(...jobErrorLines(job));
  if (job.outputs.length > 0) {
    lines.push('outputs');
    lines.push(...outputTable(job.outputs).map((line) => `  ${line}`));
    const more = moreOutputsLine(job);
    if (more !== null) lines.push(`  ${more}`);
  }
  return lines;
}

export function jobErrorLines(job: JobSnapshot): string[] {
  const error = job.error;
  if (error === null) return [];
  const where = [error.nodeId === null ? null : `node ${error.nodeId}`, error.classType]
    .filter((part): part is string => part !== null)
    .join(' ');
  const lines = [
    `error      ${visible(error.code)}: ${visible(error.message)}${where ? ` (${visible(where)})` : ''}`,
  ];
  if (error.traceback !== null) {
    lines.push('traceback');
    lines.push(
      ...visible(error.traceback.trimEnd(), { multiline: true })
        .split('\n')
        .map((line) => `  ${line}`),
    );
  }
  return lines;
}

/** A snapshot lists the first outputs only: how many more there are, and where to see them. */
export function moreOutputsLine(job: JobSnapshot): string | null {
  const more = job.outputsCount - job.outputs.length;
  if (more <= 0) return null;
  return `… and ${more} more: \`loupe jobs outputs ${visible(job.id)}\` lists them all`;
}

export function outputTable(outputs: readonly JobOutput[]): string[] {
  return table(
    ['NAME', 'TYPE', 'SIZE', 'ASSET ID'],
    outputs.map((output) => [output.name, output.type, formatBytes(output.sizeBytes), output.assetId]),
  );
}

export function jobListTable(jobs: readonly JobSummary[]): string[] {
  return table(
    ['ID', 'STATUS', 'CREATED', 'LABELS'],
    jobs.map((job) => [job.id, statusWords(job), job.createdAt ?? '', formatLabels(job.labels)]),
  );
}
