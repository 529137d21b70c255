// Everything a run submission (sync or queued) checks before dispatch, in the order the Router applies it.
// Nothing here claims the idempotency key, so every refusal from this module leaves the key free.
import type { RouteContext } from '../types';
import { BodyTooLargeError, isPlainObject, parseJson, readBody } from '../http';
import { routerError, validationError, withHeaders, type Answer } from './answer';
import type { ModelEntry } from './catalog';
import type { RunPlan } from './execute';
import { fingerprintOf } from './idempotency';
import { planProviders } from './providers';
import type { RouterState } from './state';
import { validateAgainstSchema } from './validate';

export type RunMode = 'sync' | 'queued';

export interface RunIntake {
  key: string | null;
  fingerprint: string;
  plan: RunPlan;
}

export type IntakeResult = { ok: true; intake: RunIntake } | { ok: false; answer: Answer };

/** `Idempotent-Replayed` appears on fresh answers of keyed calls with the statuses the spec names. */
export function markFresh(answer: Answer, key: string | null): Answer {
  const documented = [200, 201, 400, 422].includes(answer.status);
  return key !== null && documented ? withHeaders(answer, { 'idempotent-replayed': 'false' }) : answer;
}

const refuse = (answer: Answer): IntakeResult => ({ ok: false, answer });

export async function takeRun(
  ctx: RouteContext,
  state: RouterState,
  owner: string,
  model: ModelEntry,
  mode: RunMode,
): Promise<IntakeResult> {
  const key = ctx.req.headers['idempotency-key'] ?? null;
  if (Array.isArray(key)) return refuse(routerError(400, 'invalid_input', 'send one Idempotency-Key header'));
  if (key !== null && (key.length < 1 || key.length > 255)) {
    return refuse(routerError(400, 'invalid_input', 'Idempotency-Key must be 1 to 255 characters'));
  }
  // fallback_provider is declared on the synchronous route only; the queued route ignores it.
  const providers = planProviders(model, ctx.url.searchParams, mode === 'sync');
  if (!providers.ok) return refuse(providers.answer);

  let raw: Buffer;
  try {
    raw = await readBody(ctx.req, state.settings.maxBodyBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return refuse(routerError(413, 'invalid_input', `request body exceeds ${error.limitBytes} bytes`));
    }
    throw error;
  }
  const parsed = parseJson(raw);
  if (!parsed.ok) return refuse(routerError(400, 'invalid_input', `malformed JSON body: ${parsed.reason}`));

  const query = ctx.url.searchParams;
  const fingerprint = fingerprintOf(
    [
      mode,
      model.id,
      query.get('model_provider') ?? '',
      query.get('strict_mode') ?? '',
      query.get('fallback_provider') ?? '',
    ],
    raw,
  );
  if (key !== null) {
    const found = state.idempotency.lookup(owner, key, fingerprint);
    if (found.kind === 'answered') return refuse(found.answer);
  }

  if (state.faults().rateLimited === true) {
    const headers = { 'retry-after': '2', ...state.accounting.spendHeaders(owner) };
    return refuse(
      routerError(429, 'rate_limited', 'rate limit reached; wait for the allowance window', headers),
    );
  }

  const { plan: providerPlan } = providers;
  // Strict mode forwards the alternate provider's own schema unchanged, so native validation is skipped.
  if (!providerPlan.strict) {
    const details = validateAgainstSchema(model.family.input, parsed.value);
    if (details.length > 0) return refuse(markFresh(validationError(details), key));
  }
  const body = parsed.value;
  const operation = model.family.selectOperation(isPlainObject(body) ? body : {});
  const costCents = model.costCents[operation] ?? 0;
  if (state.faults().insufficientCredits === true || !state.accounting.canAfford(owner, costCents)) {
    const headers = state.accounting.spendHeaders(owner);
    return refuse(routerError(402, 'insufficient_credits', 'committed spend limit reached', headers));
  }
  return {
    ok: true,
    intake: { key, fingerprint, plan: { model, body, operation, costCents, providers: providerPlan } },
  };
}
