// One dispatched run: try the primary provider, fall back when allowed, and turn the result into an outcome
// that both the synchronous route and the queue can answer from.
import { bytesAnswer, jsonAnswer, routerError, type Answer, type ErrorType } from './answer';
import type { ModelEntry } from './catalog';
import { isPlainObject } from '../http';
import { produceOutput, rawProviderOutput, type NativeOutput } from './outputs';
import { droppedParams, type ProviderPlan, type ProviderRoute } from './providers';

export interface RunPlan {
  model: ModelEntry;
  body: unknown;
  operation: string;
  costCents: number;
  providers: ProviderPlan;
}

export type RunOutcome =
  | { ok: true; output: NativeOutput; headers: Record<string, string>; costCents: number }
  | { ok: false; errorType: ErrorType; answer: Answer };

function attempt(plan: RunPlan, route: ProviderRoute, viaFallback: boolean): RunOutcome {
  const { body, model, providers } = plan;
  if (!isPlainObject(body)) {
    // Only strict mode lets a non-object through native validation; the partner itself refuses it (a 4xx
    // attributable to the request, so it is never retried on another provider).
    const upstream = 'request body must be a JSON object';
    return {
      ok: false,
      errorType: 'invalid_input',
      answer: routerError(
        400,
        'invalid_input',
        `provider '${route.slug}' rejected the request`,
        { 'x-svc-upstream-status': '400', 'x-svc-upstream-detail': upstream },
        upstream,
      ),
    };
  }
  const dropped = droppedParams(route, providers.strict, body);
  const forwarded = Object.fromEntries(Object.entries(body).filter(([name]) => !dropped.includes(name)));
  const native = produceOutput(model, forwarded, plan.operation);
  // Strict mode returns the partner's answer unchanged; a failed back-translation does the same
  // (the real Router logs that failure; the simulator has no log sink to write it to).
  const raw = route.alternate !== null && (providers.strict || route.alternate.untranslatableOutput === true);
  const headers: Record<string, string> = {};
  if (dropped.length > 0) headers['x-svc-router-dropped-params'] = dropped.join(',');
  if (viaFallback) headers['x-svc-router-fallback-provider'] = route.slug;
  return {
    ok: true,
    output: raw ? rawProviderOutput(route.slug, native) : native,
    headers,
    costCents: plan.costCents,
  };
}

/**
 * Run the plan. `firstAttemptFails` is the provider-error fault: it breaks the first provider tried, so a
 * caller with fallback on (and a model with another registered provider) sees the fallback rescue the call.
 */
export function executeRun(plan: RunPlan, firstAttemptFails: boolean): RunOutcome {
  if (!firstAttemptFails) return attempt(plan, plan.providers.primary, false);
  const fallback = plan.providers.fallback;
  if (fallback !== null) return attempt(plan, fallback, true);
  return {
    ok: false,
    errorType: 'provider_error',
    answer: routerError(
      502,
      'provider_error',
      `provider '${plan.providers.primary.slug}' returned a response that could not be turned into a result`,
      { 'x-svc-upstream-status': '500' },
    ),
  };
}

/** The 200 answer carrying a run's output: JSON, or the partner's bytes under its own Content-Type. */
export function outputAnswer(output: NativeOutput, headers: Record<string, string>): Answer {
  return output.kind === 'json'
    ? jsonAnswer(200, output.value, headers)
    : bytesAnswer(200, output.contentType, output.bytes, headers);
}
