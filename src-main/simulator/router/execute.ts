// One dispatched run: try the primary provider, fall back when allowed, and turn the result into an outcome
// that both the synchronous route and the queue can answer from.
import { bytesAnswer, jsonAnswer, routerError, type Answer, type ErrorType } from './answer';
import type { ModelEntry } from './catalog';
import { isPlainObject } from '../http';
import { produceOutput, rawProviderOutput, type NativeOutput } from './outputs';
import { droppedParams, type ProviderPlan, type ProviderRoute } from './providers';
import { withSignedLinks, type PendingMedium } from './signedMedia';
import type { RouterFaults } from './state';

export interface RunPlan {
  model: ModelEntry;
  body: unknown;
  operation: string;
  costCents: number;
  providers: ProviderPlan;
}

/** A failed run says what it still costs: nothing, except where the provider worked and bills for it. */
export type RunOutcome =
  | { ok: true; output: NativeOutput; headers: Record<string, string>; costCents: number }
  | { ok: false; errorType: ErrorType; answer: Answer; costCents: number };

/** How the provider misbehaves on one run, sampled from the fault switches when the run is dispatched. */
export type ProviderFailure = 'policy' | 'timeout' | 'error' | null;

export function providerFailureOf(faults: RouterFaults): ProviderFailure {
  if (faults.contentPolicyViolation === true) return 'policy';
  if (faults.providerTimeout === true) return 'timeout';
  if (faults.providerError === true) return 'error';
  return null;
}

function attempt(plan: RunPlan, route: ProviderRoute, viaFallback: boolean): RunOutcome {
  const { body, model, providers } = plan;
  if (!isPlainObject(body)) {
    // Only strict mode lets a non-object through native validation; the partner itself refuses it (a 4xx
    // attributable to the request, so it is never retried on another provider).
    const upstream = 'request body must be a JSON object';
    return {
      ok: false,
      errorType: 'invalid_input',
      costCents: 0,
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
 * Run the plan under the provider failure sampled at dispatch. A timeout or an unusable answer is the
 * provider's fault, so it breaks only the first provider tried and a caller with fallback on (and a model with
 * another registered provider) sees the fallback rescue the call. A policy refusal is the request's fault, so
 * no other provider is tried (model-router-api.md, provider-selection rule 5).
 */
export function executeRun(plan: RunPlan, failure: ProviderFailure): RunOutcome {
  if (failure === null) return attempt(plan, plan.providers.primary, false);
  const slug = plan.providers.primary.slug;
  if (failure === 'policy') return policyRefusal(plan, slug);
  const fallback = plan.providers.fallback;
  if (fallback !== null) return attempt(plan, fallback, true);
  if (failure === 'timeout') {
    return {
      ok: false,
      errorType: 'provider_timeout',
      costCents: 0,
      answer: routerError(504, 'provider_timeout', `provider '${slug}' did not answer in time`),
    };
  }
  return {
    ok: false,
    errorType: 'provider_error',
    costCents: 0,
    answer: routerError(
      502,
      'provider_error',
      `provider '${slug}' returned a response that could not be turned into a result`,
      { 'x-svc-upstream-status': '500' },
    ),
  };
}

/** The catalog's billing fact decides whether the provider's work is charged when it refuses on policy. */
function policyRefusal(plan: RunPlan, slug: string): RunOutcome {
  const charged = plan.model.billing.charges_on_policy_rejection === 'yes';
  return {
    ok: false,
    errorType: 'content_policy_violation',
    costCents: charged ? plan.costCents : 0,
    answer: routerError(
      400,
      'content_policy_violation',
      `provider '${slug}' refused the input on policy grounds`,
      {
        'x-svc-upstream-status': '400',
      },
    ),
  };
}

/**
 * The 200 answer carrying a run's output: JSON (its media linked by links `link` mints now), or the partner's bytes
 * under its own Content-Type.
 */
export function outputAnswer(
  output: NativeOutput,
  headers: Record<string, string>,
  link: (medium: PendingMedium) => string,
): Answer {
  if (output.kind === 'bytes') return bytesAnswer(200, output.contentType, output.bytes, headers);
  const media = output.media ?? [];
  return jsonAnswer(
    200,
    media.length === 0 ? output.value : withSignedLinks(output.value, media, link),
    headers,
  );
}
