// Per-call options every client method takes.

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Spreads only the options that are set, so an undefined never overrides a default. */
export function callOptions(options: CallOptions): { signal?: AbortSignal; timeoutMs?: number } {
  return {
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };
}
