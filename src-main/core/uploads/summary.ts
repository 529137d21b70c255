// The batch summary: counts, bytes, and one sentence a person reads ("5 files, 3 already on the server,
// 412 MB not sent"). Sizes are decimal (1 MB = 1,000,000 bytes), the unit the service's limit is stated in.
import type { UploadFile, UploadSummary } from '../../../src-shared/contract';
import { formatBytes } from '../../../src-shared/format';

export function summarize(files: readonly UploadFile[]): UploadSummary {
  const count = (kind: NonNullable<UploadFile['outcome']>['kind']): number =>
    files.filter((file) => file.outcome?.kind === kind).length;
  const sum = (pick: (file: UploadFile) => number): number =>
    files.reduce((total, file) => total + pick(file), 0);
  const summary = {
    files: files.length,
    finished: files.filter((file) => file.state === 'done').length,
    deduplicated: count('deduplicated'),
    uploaded: count('uploaded'),
    refused: count('refused-too-large'),
    failed: count('failed'),
    canceled: count('canceled'),
    bytesTotal: sum((file) => file.size),
    bytesHashed: sum((file) => file.bytesHashed),
    bytesSent: sum((file) => file.bytesSent),
    bytesNotSent: sum((file) => (file.outcome?.kind === 'deduplicated' ? file.outcome.bytesNotSent : 0)),
  };
  return { ...summary, text: summaryText(summary) };
}

function summaryText(s: Omit<UploadSummary, 'text'>): string {
  const parts = [plural(s.files, 'file')];
  if (s.finished < s.files) parts.push(`${s.files - s.finished} in progress`);
  if (s.deduplicated > 0) parts.push(`${s.deduplicated} already on the server`);
  if (s.uploaded > 0) parts.push(`${s.uploaded} uploaded`);
  if (s.refused > 0) parts.push(`${s.refused} too large`);
  if (s.failed > 0) parts.push(`${s.failed} failed`);
  if (s.canceled > 0) parts.push(`${s.canceled} canceled`);
  if (s.bytesNotSent > 0) parts.push(`${formatBytes(s.bytesNotSent)} not sent`);
  return parts.join(', ');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
