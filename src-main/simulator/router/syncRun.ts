// POST /v2/models/{provider}/{model}: a synchronous run that holds the response until the model answers or
// the Router's deadline passes.
import type { RouteContext } from '../types';
import { retryAfterSeconds, routerError, sendAnswer, withHeaders, type Answer } from './answer';
import type { ModelEntry } from './catalog';
import { executeRun, outputAnswer, providerFailureOf } from './execute';
import { markFresh, takeRun } from './intake';
import type { RouterState } from './state';

/**
 * The synchronous deadline, in queue steps. Video runs take longer, so a synchronous video call answers
 * 504 `deadline_exceeded` while the run carries on; with an Idempotency-Key the finished answer can then be
 * collected by repeating the call (hence Retry-After), which is what makes video effectively queued-only.
 */
const SYNC_DEADLINE_STEPS = 8;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

export async function syncRun(
  ctx: RouteContext,
  state: RouterState,
  owner: string,
  model: ModelEntry,
): Promise<void> {
  const taken = await takeRun(ctx, state, owner, model, 'sync');
  if (!taken.ok) return sendAnswer(ctx.res, taken.answer);
  const { key, fingerprint, plan } = taken.intake;
  const { accounting, idempotency, settings } = state;

  const slot = accounting.acquire(owner, plan.costCents);
  if (!slot.ok) {
    const headers = { ...slot.headers, ...accounting.spendHeaders(owner), 'retry-after': '1' };
    return sendAnswer(
      ctx.res,
      routerError(429, 'concurrency_limit_exceeded', 'too many calls in flight', headers),
    );
  }
  const runMs = plan.model.steps * settings.stepMs;
  if (key !== null) idempotency.claim(owner, key, fingerprint, runMs);
  // The fault is sampled at dispatch, so switching it later does not change a run already under way.
  const failure = providerFailureOf(state.faults());

  const finished: Promise<Answer> = delay(runMs)
    .then(() => {
      const outcome = executeRun(plan, failure);
      accounting.charge(owner, outcome.costCents);
      if (!outcome.ok) return outcome.answer;
      // Links minted now are recorded with the answer: a replay hands out the same ones, expired or not.
      return outputAnswer(
        outcome.output,
        {
          ...outcome.headers,
          'x-svc-credits-used': String(outcome.costCents),
          ...accounting.spendHeaders(owner),
        },
        (medium) => state.media.mint(ctx.origin, medium),
      );
    })
    .then((answer) => {
      // A provider failure happened after dispatch, so it too is the recorded answer for this key.
      if (key !== null) idempotency.record(owner, key, fingerprint, answer);
      return answer;
    })
    .finally(slot.release);
  // The run may outlive the response (deadline); never let its failure go unobserved.
  finished.catch(() => undefined);

  const deadlineMs = SYNC_DEADLINE_STEPS * settings.stepMs;
  const deadline = delay(deadlineMs).then((): null => null);
  const first = await Promise.race([finished, deadline]);
  if (first !== null) return sendAnswer(ctx.res, markFresh(first, key));

  const detail = 'the model did not answer before the deadline';
  // With a key the run's answer is recorded when it finishes and can be collected by repeating the call.
  const headers: Record<string, string> =
    key !== null ? { 'retry-after': retryAfterSeconds(runMs - deadlineMs) } : {};
  sendAnswer(ctx.res, withHeaders(routerError(504, 'deadline_exceeded', detail), headers));
}
