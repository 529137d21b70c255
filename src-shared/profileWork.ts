// What runs on a profile, in words and in kind: one source for the window (the picker, the status bar) and
// Electron's taskbar and tray, so the two never describe the same work differently.
import type { ProfileWork } from './contracts/profiles';

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Something is sending or running on the profile. */
export function isRunning(work: ProfileWork): boolean {
  return work.batchesSending > 0 || work.jobsInFlight > 0;
}

/** Worth showing: something sending or running, or failures not yet looked at. */
export function isBusy(work: ProfileWork): boolean {
  return isRunning(work) || work.failuresSinceLooked > 0;
}

/** One part of what runs on a profile; a failure part is said in the failed colour. */
export interface WorkPart {
  text: string;
  failed: boolean;
}

/**
 * "1 batch sending (12 of 60)", "1 batch waiting (12 of 60)", "2 batches sending (…), 1 waiting": the batches
 * a profile sends, and how many of them hold back for now (the batch's page says why).
 */
function batchesText(work: ProfileWork): string {
  const sent = work.sent.total > 0 ? ` (${work.sent.done} of ${work.sent.total})` : '';
  const waiting = Math.min(work.batchesWaiting ?? 0, work.batchesSending);
  const verb = waiting === work.batchesSending ? 'waiting' : 'sending';
  const some = waiting > 0 && waiting < work.batchesSending ? `, ${waiting} waiting` : '';
  return `${plural(work.batchesSending, 'batch', 'batches')} ${verb}${sent}${some}`;
}

/** "1 batch sending (12 of 60)", "2 jobs running", "1 failure": what runs on one profile, part by part. */
export function workParts(work: ProfileWork): WorkPart[] {
  const parts: WorkPart[] = [];
  if (work.batchesSending > 0) parts.push({ text: batchesText(work), failed: false });
  if (work.jobsInFlight > 0) {
    parts.push({ text: `${plural(work.jobsInFlight, 'job', 'jobs')} running`, failed: false });
  }
  if (work.failuresSinceLooked > 0) {
    parts.push({ text: plural(work.failuresSinceLooked, 'failure', 'failures'), failed: true });
  }
  return parts;
}
