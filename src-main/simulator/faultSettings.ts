// The fault switches' input shape, shared by startSimulator({ faults }), POST /_sim/faults and the
// CLI's --faults list. Each switch takes `true` (defaults), an object (tuned), or `null`/`false` (off).
import { z } from 'zod';

const seconds = z.number().int().min(0).max(86_400);
const count = z.number().int().min(1).max(1_000_000);

const retryAfter = z.strictObject({ retryAfterSeconds: seconds.optional() });
const window = z.strictObject({
  windowSeconds: z.number().min(0).max(86_400).optional(),
  retryAfterSeconds: seconds.optional(),
});

function toggle<T extends z.ZodType>(shape: T) {
  return z.union([z.boolean(), shape]).nullable().optional();
}

export const faultInputSchema = z.strictObject({
  /** 429 queue_full on job submission. */
  queueFull: toggle(retryAfter),
  /** 429 deployment_not_ready on submission for `windowSeconds` from when it is set. */
  deploymentNotReady: toggle(window),
  /** 429 deployment_unavailable on submission for `windowSeconds` from when it is set. */
  deploymentUnavailable: toggle(window),
  /** 422 deployment_stopped on submission. */
  deploymentStopped: z.boolean().nullable().optional(),
  /** 402 insufficient_credits on submission (managed and serverless only). */
  insufficientCredits: z.boolean().nullable().optional(),
  /**
   * upstream_error on requests matching `routes` ("METHOD /path/*" patterns; all when absent), for the next
   * `count` (forever when absent). `status` 500 (default, the spec's) or 502 (the reference proxy's answer
   * when upstream fails under the content route, NOTES.md).
   */
  upstreamError: toggle(
    z.strictObject({
      routes: z.array(z.string().min(1)).optional(),
      count: count.optional(),
      status: z.union([z.literal(500), z.literal(502)]).optional(),
    }),
  ),
  /** The next `count` submissions create their job and still answer 500 upstream_error (key stays claimed). */
  unknownOutcome: toggle(z.strictObject({ count: count.optional() })),
  /** Self-hosted only: the next `count` submissions answer 503 upstream_unreachable; no job, key stays claimed. */
  upstreamUnreachable: toggle(z.strictObject({ count: count.optional() })),
  /** GET /api/v2/jobs/{id}/events answers 501 not_implemented: streaming is not offered here. */
  eventsUnsupported: z.boolean().nullable().optional(),
  /** Self-hosted only: a job output's content answers 404 output_unavailable (the upstream file is gone). */
  outputUnavailable: z.boolean().nullable().optional(),
  /** Every SSE stream is closed after `afterEvents` events unless its job reached a terminal status. */
  sseDrop: toggle(z.strictObject({ afterEvents: count.optional() })),
  /** Every response (API and storage) waits this long first. */
  delayMs: z.number().int().min(0).max(600_000).nullable().optional(),
  /** Overrides the signed-URL lifetime. */
  urlTtlSeconds: z.number().int().min(1).max(604_800).nullable().optional(),
  /** 429 rate_limited on job reads (get, workflow, logs, events, cancel) for the next `count` (forever when absent). */
  rateLimited: toggle(z.strictObject({ retryAfterSeconds: seconds.optional(), count: count.optional() })),
  /**
   * 404 not_found on reads of a job (GET /api/v2/jobs/{id}) for the next `count` (forever when absent), the
   * job itself unharmed: a service restarting, or a node that has not yet heard of a job just submitted.
   */
  jobNotFound: toggle(z.strictObject({ count: count.optional() })),
  /** The Router's own switches (see RouterFaults in router/state.ts for what each one does). */
  router: z
    .strictObject({
      rateLimited: z.boolean().optional(),
      unavailable: z.boolean().optional(),
      providerError: z.boolean().optional(),
      providerTimeout: z.boolean().optional(),
      contentPolicyViolation: z.boolean().optional(),
      internalError: z.boolean().optional(),
      insufficientCredits: z.boolean().optional(),
      queueTimeout: z.boolean().optional(),
      queuePaused: z.boolean().optional(),
      forbiddenModels: z.array(z.string().min(1).max(193)).max(100).optional(),
    })
    .nullable()
    .optional(),
});

export type FaultInput = z.infer<typeof faultInputSchema>;

export type FaultParse = { ok: true; value: FaultInput } | { ok: false; message: string };

export function parseFaultInput(value: unknown): FaultParse {
  const result = faultInputSchema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const where = issue ? issue.path.join('.') : '';
  return {
    ok: false,
    message: `invalid fault settings${where ? ` at ${where}` : ''}: ${issue?.message ?? 'bad shape'}`,
  };
}

/** CLI names (snake_case, optional `=value`) mapped onto the input shape. */
const cliFaults: Record<string, (value: number | null) => FaultInput> = {
  queue_full: (v) => ({ queueFull: v === null ? true : { retryAfterSeconds: v } }),
  deployment_not_ready: (v) => ({ deploymentNotReady: v === null ? true : { windowSeconds: v } }),
  deployment_unavailable: (v) => ({ deploymentUnavailable: v === null ? true : { windowSeconds: v } }),
  deployment_stopped: () => ({ deploymentStopped: true }),
  insufficient_credits: () => ({ insufficientCredits: true }),
  upstream_error: (v) => ({ upstreamError: v === null ? true : { count: v } }),
  unknown_outcome: (v) => ({ unknownOutcome: v === null ? true : { count: v } }),
  upstream_unreachable: (v) => ({ upstreamUnreachable: v === null ? true : { count: v } }),
  events_unsupported: () => ({ eventsUnsupported: true }),
  output_unavailable: () => ({ outputUnavailable: true }),
  sse_drop: (v) => ({ sseDrop: v === null ? true : { afterEvents: v } }),
  slow: (v) => ({ delayMs: v ?? 1000 }),
  url_ttl: (v) => ({ urlTtlSeconds: v ?? 60 }),
  rate_limited: (v) => ({ rateLimited: v === null ? true : { count: v } }),
  job_not_found: (v) => ({ jobNotFound: v === null ? true : { count: v } }),
  router_unavailable: () => ({ router: { unavailable: true } }),
  router_rate_limited: () => ({ router: { rateLimited: true } }),
  router_provider_error: () => ({ router: { providerError: true } }),
  router_provider_timeout: () => ({ router: { providerTimeout: true } }),
  router_content_policy: () => ({ router: { contentPolicyViolation: true } }),
  router_internal_error: () => ({ router: { internalError: true } }),
  router_insufficient_credits: () => ({ router: { insufficientCredits: true } }),
  router_queue_timeout: () => ({ router: { queueTimeout: true } }),
};

export const cliFaultNames: readonly string[] = Object.keys(cliFaults);

/** Parse `queue_full,slow=500,upstream_error=3` into one input object. */
export function parseFaultList(list: string): FaultParse {
  const merged: Record<string, unknown> = {};
  const router: Record<string, unknown> = {};
  for (const raw of list.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const [name = '', valueText] = item.split('=', 2);
    const build = cliFaults[name];
    if (!build) return { ok: false, message: `unknown fault "${name}" (known: ${cliFaultNames.join(', ')})` };
    let value: number | null = null;
    if (valueText !== undefined) {
      value = Number(valueText);
      if (!Number.isInteger(value) || value < 0)
        return { ok: false, message: `fault "${name}" needs a whole number` };
    }
    const { router: routerSwitches, ...rest } = build(value);
    Object.assign(merged, rest);
    Object.assign(router, routerSwitches);
  }
  if (Object.keys(router).length > 0) merged.router = router;
  return parseFaultInput(merged);
}
