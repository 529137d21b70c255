// The Router simulator's settings and its resettable state, shared by the route modules.
import { Accounting } from './accounting';
import { IdempotencyStore } from './idempotency';
import { RunQueue } from './queue';

export interface RouterFaults {
  /** 429 `rate_limited` on run submissions (sync and queued). */
  rateLimited?: boolean;
  /** 503 `service_unavailable` on every authenticated Router route. */
  unavailable?: boolean;
  /** The first provider tried fails (502 `provider_error` unless a fallback provider rescues the call). */
  providerError?: boolean;
}

export interface RouterSettings {
  now: () => number;
  stepMs: number;
  concurrencyLimit: number;
  backlogLimit: number;
  queueTimeoutSteps: number;
  spendLimitCents: number;
  maxBodyBytes: number;
  enabledOwners: (owner: string) => boolean;
}

export interface RouterState {
  settings: RouterSettings;
  faults: () => RouterFaults;
  idempotency: IdempotencyStore;
  accounting: Accounting;
  queue: RunQueue;
}

export function createState(settings: RouterSettings, faults: () => RouterFaults): RouterState {
  const accounting = new Accounting(settings.spendLimitCents, settings.concurrencyLimit);
  return {
    settings,
    faults,
    idempotency: new IdempotencyStore(settings.now),
    accounting,
    queue: new RunQueue(settings, faults, accounting),
  };
}
