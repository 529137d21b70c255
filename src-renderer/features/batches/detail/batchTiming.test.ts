// A finished batch's span is read on one clock, the service's (its jobs' created and completed times), never
// Loupe's record of the batch against the service's end: two clocks made "created 15 s ago" beside "Took 21 s",
// and the Demo's seeded sweep (its jobs ran before Loupe recorded the batch) "Took 0 ms".
import { describe, expect, it } from 'vitest';
import { batchElapsed } from './batchTiming';

const at = (seconds: number) => new Date(Date.UTC(2025, 0, 1, 10, 0, seconds)).toISOString();
const job = (created: number, completed: number) => ({
  job: { status: 'succeeded', createdAt: at(created), completedAt: at(completed) },
});

describe('batchElapsed', () => {
  it('spans the first job’s creation to the last job’s end, both on the service’s clock', () => {
    // The service's clock runs 6 s ahead of Loupe's: the batch was recorded at 10, its jobs made at 16.
    const batch = { createdAt: at(10), finished: true, items: [job(16, 25), job(17, 31)] };
    expect(batchElapsed(batch)).toEqual({ kind: 'took', ms: 15_000 });
  });

  it('gives the seeded sweep, whose jobs ran before Loupe recorded it, its real span', () => {
    const batch = { createdAt: at(50), finished: true, items: [job(1, 3), job(2, 5)] };
    expect(batchElapsed(batch)).toEqual({ kind: 'took', ms: 4_000 });
  });
});
