// What to do after `jobs submit` could not tell whether the job was made (exit 3), per surface. A v2 key is
// single use (job-and-asset-api.md, Idempotency-Key rules): sending again under it is refused, never replayed,
// so a rerun under the key only helps where Loupe can look the job up by it first. On the self-hosted proxy
// it cannot (the proxy keeps no labels, and may have no list at all), and the same refusal would end in the
// same exit 3: there the advice is what does find a job, its list, by the time the submission left.
import { ApiError } from '../core/api';
import type { Profile } from '../../src-shared/contract';
import { CliError } from './errors';
import { exitCodes } from './exitCodes';

/** HH:MM:SS UTC of a submission, as `jobs list` prints its times closely enough to match by eye. */
function clock(at: Date): string {
  return `${at.toISOString().slice(11, 19)} UTC`;
}

export function proxyUnknownOutcomeHint(sentAt: Date): string {
  return (
    `Look for the job with \`loupe jobs list --status queued --status running\` (the proxy’s list, or the jobs ` +
    `Loupe remembers where it has none): one made at about ${clock(sentAt)}; \`loupe jobs watch ID\` follows it. ` +
    'Do not run this again with the key above: the proxy takes a key for a single use and refuses it after. ' +
    'Submitting again without it makes a new job, so look first.'
  );
}

/** The submitter's "could not tell", with the advice that fits where it was sent (elsewhere: errorHints). */
export function withSurfaceAdvice(error: unknown, surface: Profile['surface'], sentAt: Date): unknown {
  if (surface !== 'self-hosted' || !(error instanceof ApiError) || error.code !== 'outcome_unknown')
    return error;
  return new CliError(
    error.code,
    error.message,
    proxyUnknownOutcomeHint(sentAt),
    exitCodes.undetermined,
    error.details,
  );
}
