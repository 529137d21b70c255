// `models run --idempotency-key K` when K is already recorded. The same key is the same logical call: with the
// same model and input, that run is sent again under its key (the Router replays its answer, no second charge),
// or, when it is already settled or still queued, its record is the answer. Anything else under that key is a
// different call, refused before anything leaves.
import type { RouterRunDetail } from '../../../src-shared/contracts/models';
import { isDomainError } from '../../core/errors';
import type { NewRun } from '../../core/router';
import { UsageError } from '../errors';
import { visible } from '../terminalText';
import type { RouterScope } from './routerScope';

export interface Started {
  run: RouterRunDetail;
  /** The key's run was already recorded: sent again under its key, or answered from Loupe's record. */
  reused: 'resent' | 'recorded' | null;
}

/** JSON with object keys in order, so two inputs that are the same value compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  // Both sides are parsed JSON (a file, and the stored copy of one), so a leaf is always a JSON scalar.
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

function recordedRunId(error: unknown): string | null {
  if (!isDomainError(error, 'idempotency_key_used')) return null;
  const details: unknown = error.details;
  if (typeof details !== 'object' || details === null || !('runId' in details)) return null;
  return typeof details.runId === 'string' ? details.runId : null;
}

function refused(key: string, why: string): UsageError {
  return new UsageError(
    `The idempotency key ${visible(key)} is already used ${why}, so nothing was sent.`,
    'Use a new key for a new run; the same key with the same model and input collects that run.',
    'idempotency_key_used',
  );
}

function resendable(run: RouterRunDetail): boolean {
  return (
    run.state === 'pending' ||
    run.state === 'sent' ||
    (run.state === 'failed' && run.error?.retryable === true)
  );
}

export async function startRun(
  scope: RouterScope,
  request: NewRun & { idempotencyKey: string },
  signal: AbortSignal,
): Promise<Started> {
  try {
    return { run: await scope.router.run(scope.profileId, request, { signal }), reused: null };
  } catch (error) {
    if (!isDomainError(error, 'idempotency_key_used')) throw error;
    const runId = recordedRunId(error);
    const key = request.idempotencyKey;
    if (runId === null) throw refused(key, 'by another profile’s run');
    const earlier = scope.router.getRun(scope.profileId, runId);
    if (earlier.modelId !== request.modelId)
      throw refused(key, `by run ${runId} of ${visible(earlier.modelId)}`);
    if (canonical(earlier.input) !== canonical(request.input))
      throw refused(key, `by run ${runId} with a different input`);
    if (!resendable(earlier)) return { run: earlier, reused: 'recorded' };
    return { run: await scope.router.retryRun(scope.profileId, runId, { signal }), reused: 'resent' };
  }
}
