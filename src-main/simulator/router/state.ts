// The Router simulator's settings and its resettable state, shared by the route modules.
import { Accounting } from './accounting';
import { IdempotencyStore } from './idempotency';
import { RunQueue } from './queue';
import { SignedMediaStore } from './signedMedia';

export interface RouterFaults {
  /** 429 `rate_limited` on run submissions (sync and queued). */
  rateLimited?: boolean;
  /** 503 `service_unavailable` on every authenticated Router route. */
  unavailable?: boolean;
  /** The first provider tried fails (502 `provider_error` unless a fallback provider rescues the call). */
  providerError?: boolean;
  /** The first provider tried never answers (504 `provider_timeout` unless a fallback provider rescues it). */
  providerTimeout?: boolean;
  /**
   * The provider refuses the input on policy grounds (400 `content_policy_violation`). The request is at fault,
   * so no fallback is tried; the run is charged when the model's billing says `charges_on_policy_rejection`.
   */
  contentPolicyViolation?: boolean;
  /** 500 `internal_error` on every authenticated Router route. */
  internalError?: boolean;
  /** The workspace's committed spend is used up: 402 `insufficient_credits` on run submissions. */
  insufficientCredits?: boolean;
  /** Queued requests time out before dispatch: IN_QUEUE → COMPLETED with `queue_timeout` (504 on the result). */
  queueTimeout?: boolean;
  /**
   * The runner takes no new run: waiting requests keep their places (and do not age toward the queue timeout)
   * until it is switched off. A run already under way goes on. For tests that need a request to stay waiting.
   */
  queuePaused?: boolean;
  /** Models no caller may use: 403 `forbidden` on every route that addresses them. */
  forbiddenModels?: string[];
}

export interface RouterSettings {
  now: () => number;
  stepMs: number;
  concurrencyLimit: number;
  backlogLimit: number;
  queueTimeoutSteps: number;
  spendLimitCents: number;
  maxBodyBytes: number;
  /** How long a signed media link stays valid. */
  mediaUrlTtlMs: number;
  enabledOwners: (owner: string) => boolean;
}

export interface RouterState {
  settings: RouterSettings;
  faults: () => RouterFaults;
  idempotency: IdempotencyStore;
  accounting: Accounting;
  queue: RunQueue;
  /** The bytes behind the signed links of outputs, served under /_storage/. */
  media: SignedMediaStore;
}

export function createState(settings: RouterSettings, faults: () => RouterFaults): RouterState {
  const accounting = new Accounting(settings.spendLimitCents, settings.concurrencyLimit);
  return {
    settings,
    faults,
    idempotency: new IdempotencyStore(settings.now),
    accounting,
    queue: new RunQueue(settings, faults, accounting),
    media: new SignedMediaStore(settings.now, settings.mediaUrlTtlMs),
  };
}
