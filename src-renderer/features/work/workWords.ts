// The words for what runs on a profile, for the picker's lines and the status bar (pure: tested directly).
import type { ProfileWork } from '../../../src-shared/contract';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** One part of what runs on a profile; a failure part is said in the failed colour. */
export interface WorkPart {
  text: string;
  failed: boolean;
}

/** "1 batch sending (12 of 60)", "2 jobs running", "1 failure": what runs on one profile, part by part. */
export function workParts(work: ProfileWork): WorkPart[] {
  const parts: WorkPart[] = [];
  if (work.batchesSending > 0) {
    const sent = work.sent.total > 0 ? ` (${work.sent.done} of ${work.sent.total})` : '';
    parts.push({ text: `${plural(work.batchesSending, 'batch', 'batches')} sending${sent}`, failed: false });
  }
  if (work.jobsInFlight > 0) {
    parts.push({ text: `${plural(work.jobsInFlight, 'job', 'jobs')} running`, failed: false });
  }
  if (work.failuresSinceLooked > 0) {
    parts.push({ text: plural(work.failuresSinceLooked, 'failure', 'failures'), failed: true });
  }
  return parts;
}

/** "1 batch sending (12 of 60) · 2 jobs running · 1 failure": what runs on one profile. */
export function workText(work: ProfileWork): string {
  return workParts(work)
    .map((part) => part.text)
    .join(' · ');
}

/**
 * "1 batch sending on Studio", "2 batches sending on Studio, 1 on Sketch", "3 jobs running on Studio": what
 * runs on profiles other than the one shown. Batches first (the longer work); empty when nothing runs elsewhere.
 */
export function elsewhereText(
  elsewhere: readonly ProfileWork[],
  nameOf: (profileId: string) => string,
): string {
  const sending = elsewhere.filter((work) => work.batchesSending > 0);
  if (sending.length > 0) {
    return sending
      .map((work, index) =>
        index === 0
          ? `${plural(work.batchesSending, 'batch', 'batches')} sending on ${nameOf(work.profileId)}`
          : `${work.batchesSending} on ${nameOf(work.profileId)}`,
      )
      .join(', ');
  }
  const running = elsewhere.filter((work) => work.jobsInFlight > 0);
  return running
    .map((work, index) =>
      index === 0
        ? `${plural(work.jobsInFlight, 'job', 'jobs')} running on ${nameOf(work.profileId)}`
        : `${work.jobsInFlight} on ${nameOf(work.profileId)}`,
    )
    .join(', ');
}
