// The words for what runs on a profile, for the picker's lines and the status bar (pure: tested directly).
import type { ProfileWork } from '../../../src-shared/contract';
import { plural, workParts } from '../../../src-shared/profileWork';

export { workParts, type WorkPart } from '../../../src-shared/profileWork';

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
