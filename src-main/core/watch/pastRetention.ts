// A job the service answers 404 for is unknown, another account's, or past its retention deadline (spec: GET
// /api/v2/jobs/{id}), and a running job past its retention becomes `expired`. When the last read Loupe has of
// the job gave a deadline that has passed on Loupe's clock too, the 404 is that: the job ended `expired`, and
// is recorded so (the batch counts it, the list shows it, a restart does not poll it again). Without a deadline
// that has passed (a list row carries none; the key may now be another account's), nothing is guessed.
import { contractStatus, isTerminal } from '../jobSources/normalize';
import { readWire, type WireJob } from '../jobSources/wireJob';

/** The job as it ended past its retention, or null when the 404 cannot be read as that. */
export function expiredPastRetention(wire: WireJob | null, nowMs: number): WireJob | null {
  if (wire === null || isTerminal(contractStatus(wire.status))) return null;
  const deadline = readWire(wire).expires_at;
  if (deadline === null) return null;
  const deadlineMs = Date.parse(deadline);
  if (!Number.isFinite(deadlineMs) || deadlineMs > nowMs) return null;
  return { ...wire, status: 'expired', v1_status: null };
}
