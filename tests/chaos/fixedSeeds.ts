// The seeds `npm test` runs (tests/chaos/chaos.test.ts). FIXED_SEEDS were chosen from the first 3,000 by
// greedy coverage of what a trial can draw, writes first: every kind of wire fault on job submit, upload,
// from-hash and cancel (before and after the write was done), each store write under SQLITE_FULL or
// SQLITE_IOERR, each kind of kill point in the first run and in a retry round, cancels, 0 to 2 retry rounds.
// KEPT_CASES are seeds a nightly run (`npm run chaos`) found failing, kept with what they found, so a fix
// is proved on the exact trial that showed the fault.

export const FIXED_SEEDS: readonly number[] = [
  1063, 2227, 889, 2691, 910, 502, 2571, 979, 291, 618, 2390, 2448, 2699, 2849, 1418, 71, 2647, 162, 93, 635,
];

export interface KeptCase {
  seed: number;
  /** What the trial showed when it was kept (against the core of that day). */
  found: string;
}

export const KEPT_CASES: readonly KeptCase[] = [
  {
    seed: 1579370987,
    found:
      'submit empty-2xx ×2 on two items: each 201 with an empty body is recorded failed, "retry failed" sends ' +
      'it again, the retry meets the same fault, and the good day’s retry makes a third job: 4 doubled, 4 lost ' +
      '(core of 36718eb: jobSubmitter.send reads the body after http.send returned, so the 2xx never counts).',
  },
  {
    seed: 398684609,
    found:
      'kill -9 as the first submission of a retry round arrives: the retried item’s new job is made, its ' +
      'answer never read; resume resends under the same key (422 reuse) and the reconciler finds two jobs ' +
      'running the same workflow, the new one and the failed attempt it retries (requeueForRetry set job_id ' +
      'to NULL, so claimsJob no longer counts the old job as claimed): it gives up, the item stays unknown ' +
      'and the new job is lost, even on the good day (core of 36718eb).',
  },
  {
    seed: 2040482604,
    found:
      'kill -9 as the 5th job is made, the list answering empty 2xx twice, a cancel: items 0 and 1 stay unknown ' +
      'on the good day. Their jobs were the oldest of 60 and the reconciler read only the newest 50 (one list ' +
      'page), checked 5 candidates at most, and a canceled batch never looked for its unanswered items.',
  },
];
