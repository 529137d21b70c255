import { describe, expect, it } from 'vitest';
import type { ProfileWork } from '../../../src-shared/contract';
import { elsewhereText, workText } from './workWords';

const work = (profileId: string, patch: Partial<ProfileWork> = {}): ProfileWork => ({
  profileId,
  batchesSending: 0,
  jobsInFlight: 0,
  failuresSinceLooked: 0,
  sent: { done: 0, total: 0 },
  ...patch,
});
const names: Record<string, string> = { s: 'Studio', k: 'Sketch' };
const nameOf = (id: string) => names[id] ?? id;

describe('the words for work on a profile', () => {
  it('says what runs on one profile, with the items sent of all', () => {
    expect(workText(work('s', { batchesSending: 1, sent: { done: 12, total: 60 } }))).toBe(
      '1 batch sending (12 of 60)',
    );
    expect(workText(work('s', { batchesSending: 2, jobsInFlight: 3, failuresSinceLooked: 1 }))).toBe(
      '2 batches sending · 3 jobs running · 1 failure',
    );
    expect(workText(work('s', { jobsInFlight: 1, failuresSinceLooked: 4 }))).toBe(
      '1 job running · 4 failures',
    );
  });

  it('says a batch holding back (a full queue, a locked keychain) is waiting, not sending', () => {
    const sent = { done: 12, total: 60 };
    expect(workText(work('s', { batchesSending: 1, batchesWaiting: 1, sent }))).toBe(
      '1 batch waiting (12 of 60)',
    );
    expect(workText(work('s', { batchesSending: 3, batchesWaiting: 1, sent }))).toBe(
      '3 batches sending (12 of 60), 1 waiting',
    );
    // A count past the batches sending (a hostile or stale event) never reads as more than there are.
    expect(workText(work('s', { batchesSending: 1, batchesWaiting: 5 }))).toBe('1 batch waiting');
  });

  it('says what runs elsewhere: batches first, each profile named, nothing when idle', () => {
    expect(elsewhereText([work('s', { batchesSending: 1 })], nameOf)).toBe('1 batch sending on Studio');
    expect(elsewhereText([work('s', { batchesSending: 2 }), work('k', { batchesSending: 1 })], nameOf)).toBe(
      '2 batches sending on Studio, 1 on Sketch',
    );
    expect(elsewhereText([work('s', { jobsInFlight: 3 })], nameOf)).toBe('3 jobs running on Studio');
    expect(elsewhereText([work('s', { jobsInFlight: 3 }), work('k', { batchesSending: 1 })], nameOf)).toBe(
      '1 batch sending on Sketch',
    );
    expect(elsewhereText([work('s', { failuresSinceLooked: 2 })], nameOf)).toBe('');
    expect(elsewhereText([], nameOf)).toBe('');
  });
});
