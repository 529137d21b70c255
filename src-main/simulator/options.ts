// startSimulator's options and their defaults. Every duration is configurable so tests run jobs in
// milliseconds while the Demo profile runs them at a watchable pace.
import type { FaultInput } from './faultSettings';
import type { LabelPolicy } from './jobs/jobEngine';
import type { Surface } from './types';

export interface SimulatorTiming {
  /** Delay before a free worker takes the next queued job. */
  dispatchMs: number;
  /** Time one non-sampler node takes. */
  nodeMs: number;
  /** Time one sampler step takes. */
  stepMs: number;
  /** SSE: at most one progress snapshot per this interval (about 2 per second). */
  progressThrottleMs: number;
  /** SSE: at most one preview per this interval. */
  previewThrottleMs: number;
  /** SSE keepalive comment interval. */
  keepaliveMs: number;
  /** Job retention: expires_at = created_at + this. */
  retentionMs: number;
  /** Router queued-run pacing (passed to the Router simulator). */
  routerQueueStepMs?: number;
  /** How long the Router's signed media links live (passed to the Router simulator). */
  routerMediaUrlTtlMs?: number;
  /** Delay before an uploaded asset's hash is filled in (passed to the asset service). */
  assetHashDelayMs?: number;
}

export interface SimulatorOptions {
  surface: Surface;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Mount prefix such as '/mount'; '' (default) for none. */
  prefix?: string;
  /** Each key is its own owner. Default: ['demo-key', 'other-key'] on managed/serverless, none on self-hosted. */
  apiKeys?: string[];
  /** Signed storage URL lifetime (default 6 hours). */
  urlTtlSeconds?: number;
  faults?: FaultInput;
  timing?: Partial<SimulatorTiming>;
  /** Pre-fill demo jobs (finished with outputs, running, failed, labelled, save-format). */
  seed?: boolean;
  /** An older self-hosted build: job list and logs answer a routing 404. */
  legacySelfHosted?: boolean;
  /** Concurrent SSE streams (default 8). */
  maxStreams?: number;
  /** Jobs executed at once (default 1). */
  workers?: number;
  /** What submitted labels do; default per surface (serverless kept, self-hosted dropped, managed refused). */
  labelPolicy?: LabelPolicy;
  /** Largest accepted upload (passed to the asset service). */
  maxUploadBytes?: number;
  /**
   * Keys that authenticate but are not allowed: 403 `forbidden` on v2 job and asset routes and on the Router
   * (spec "Authentication" 6). They must not also be in `apiKeys`. v1 documents no 403, so there they are 401.
   */
  forbiddenKeys?: string[];
  /**
   * Who is on the Router's queued-surface rollout; other callers get 403 `not_enabled` there. Default: everyone.
   * Each key is its own owner; on a self-hosted proxy without keys the one owner is `local`.
   */
  routerEnabledKeys?: string[];
}

export interface ResolvedOptions {
  surface: Surface;
  port: number;
  prefix: string;
  apiKeys: string[];
  urlTtlSeconds: number;
  faults: FaultInput;
  timing: SimulatorTiming;
  seed: boolean;
  legacySelfHosted: boolean;
  maxStreams: number;
  workers: number;
  labelPolicy: LabelPolicy | null;
  maxUploadBytes: number | undefined;
  forbiddenKeys: string[];
  routerEnabledKeys: string[] | null;
}

export const defaultApiKeys = ['demo-key', 'other-key'];
const sixHoursSeconds = 6 * 60 * 60;
const thirtyDaysMs = 30 * 24 * 60 * 60 * 1000;

export const defaultTiming: SimulatorTiming = {
  dispatchMs: 400,
  nodeMs: 250,
  stepMs: 120,
  progressThrottleMs: 500,
  previewThrottleMs: 500,
  keepaliveMs: 15_000,
  retentionMs: thirtyDaysMs,
};

/** '' or '/segment[/segment…]' without a trailing slash. */
export function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  const withSlash = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  if (
    !/^(\/[A-Za-z0-9._~-]+)+$/.test(withSlash) ||
    withSlash.startsWith('/_sim') ||
    withSlash.startsWith('/_storage')
  ) {
    throw new RangeError(`invalid mount prefix "${prefix ?? ''}"`);
  }
  return withSlash;
}

export function resolveOptions(options: SimulatorOptions): ResolvedOptions {
  const surface = options.surface;
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new RangeError(`invalid port ${port}`);
  const keys = options.apiKeys ?? (surface === 'self-hosted' ? [] : defaultApiKeys);
  if (surface !== 'self-hosted' && keys.length === 0)
    throw new RangeError(`the ${surface} surface needs at least one API key`);
  const forbiddenKeys = options.forbiddenKeys ?? [];
  // A key cannot be both allowed and forbidden; refusing the mix keeps the 401/403 answer unambiguous.
  const both = forbiddenKeys.find((key) => keys.includes(key));
  if (both !== undefined) throw new RangeError(`"${both}" is both an API key and a forbidden key`);
  return {
    surface,
    port,
    prefix: normalizePrefix(options.prefix),
    apiKeys: [...keys],
    urlTtlSeconds: options.urlTtlSeconds ?? sixHoursSeconds,
    faults: options.faults ?? {},
    timing: { ...defaultTiming, ...options.timing },
    seed: options.seed ?? false,
    legacySelfHosted: options.legacySelfHosted ?? false,
    maxStreams: options.maxStreams ?? 8,
    workers: Math.max(1, options.workers ?? 1),
    labelPolicy: options.labelPolicy ?? null,
    maxUploadBytes: options.maxUploadBytes,
    forbiddenKeys: [...forbiddenKeys],
    routerEnabledKeys: options.routerEnabledKeys ? [...options.routerEnabledKeys] : null,
  };
}
