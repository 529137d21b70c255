// Provider selection (model-router-api.md "Provider-selection rules", NOTES.md Part B "Provider values").
import { routerError, type Answer } from './answer';
import { ALTERNATE_PROVIDERS, CATALOG_PROVIDERS, type AlternateProvider, type ModelEntry } from './catalog';

/** One provider that can serve a run: the model's own (native) or one of its registered alternates. */
export interface ProviderRoute {
  /** The slug reported to callers, e.g. in X-Svc-Router-Fallback-Provider. */
  slug: string;
  alternate: AlternateProvider | null;
}

export interface ProviderPlan {
  primary: ProviderRoute;
  /** Rule 3: strict mode only means something when an alternate provider was chosen. */
  strict: boolean;
  /** Rule 5: where a failed first attempt is retried, or null when fallback is off or there is nowhere to go. */
  fallback: ProviderRoute | null;
}

export type ProviderPlanResult = { ok: true; plan: ProviderPlan } | { ok: false; answer: Answer };

function nativeRoute(model: ModelEntry): ProviderRoute {
  return { slug: model.provider, alternate: null };
}

type RouteLookup = { kind: 'route'; route: ProviderRoute } | { kind: 'not_served' } | { kind: 'unknown' };

function lookupProvider(model: ModelEntry, value: string): RouteLookup {
  // `default` and the vendor's own name both mean native dispatch.
  if (value === 'default' || value === model.provider) return { kind: 'route', route: nativeRoute(model) };
  const alternate = model.alternates.find((candidate) => candidate.slug === value);
  if (alternate) return { kind: 'route', route: { slug: alternate.slug, alternate } };
  const known = (ALTERNATE_PROVIDERS as readonly string[]).includes(value) || CATALOG_PROVIDERS.has(value);
  return known ? { kind: 'not_served' } : { kind: 'unknown' };
}

function parseBoolean(value: string | null): boolean | null | 'invalid' {
  if (value === null) return null;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return 'invalid';
}

/**
 * Resolve `model_provider`, `strict_mode` and (sync route only) `fallback_provider` into a plan.
 * `fallback_provider`: only `false` disables it; a value naming a provider that serves the model picks the
 * fallback target, any other value just leaves fallback on (the simulator does not refuse it).
 */
export function planProviders(
  model: ModelEntry,
  query: URLSearchParams,
  allowFallback: boolean,
): ProviderPlanResult {
  const strictParam = parseBoolean(query.get('strict_mode'));
  if (strictParam === 'invalid') {
    return { ok: false, answer: routerError(400, 'invalid_input', 'strict_mode must be true or false') };
  }
  const requested = query.get('model_provider');
  let primary = nativeRoute(model);
  if (requested !== null) {
    const found = lookupProvider(model, requested);
    if (found.kind === 'unknown') {
      return {
        ok: false,
        answer: routerError(400, 'invalid_input', `unknown model_provider '${requested}'`),
      };
    }
    if (found.kind === 'not_served') {
      const detail = `provider '${requested}' does not serve model '${model.id}'`;
      return { ok: false, answer: routerError(404, 'model_not_found', detail) };
    }
    primary = found.route;
  }
  const strict = strictParam === true && primary.alternate !== null;
  const fallbackParam = query.get('fallback_provider');
  const fallbackOn = allowFallback && !strict && fallbackParam !== 'false';
  return {
    ok: true,
    plan: { primary, strict, fallback: fallbackOn ? pickFallback(model, primary, fallbackParam) : null },
  };
}

/** The model's other registered provider: a named one if it serves the model, else native ↔ first alternate. */
function pickFallback(model: ModelEntry, primary: ProviderRoute, named: string | null): ProviderRoute | null {
  if (named !== null) {
    const found = lookupProvider(model, named);
    if (found.kind === 'route' && found.route.slug !== primary.slug) return found.route;
  }
  if (primary.alternate !== null) return nativeRoute(model);
  const first = model.alternates[0];
  return first ? { slug: first.slug, alternate: first } : null;
}

/** Rule 2: the native fields an alternate cannot express, in body order, to drop and disclose. */
export function droppedParams(
  route: ProviderRoute,
  strict: boolean,
  body: Record<string, unknown>,
): string[] {
  if (route.alternate === null || strict) return [];
  const drops = route.alternate.drops;
  return Object.keys(body).filter((name) => drops.includes(name));
}
