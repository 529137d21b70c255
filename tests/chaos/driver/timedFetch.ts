// The client's time limit for a trial. Core's own limit is HttpClient's defaultTimeoutMs (30 s), which
// CoreOptions does not let a host set; a 30 s wait per slow or endless body would make a trial take minutes.
// So every request core makes goes through this fetch (CoreOptions.fetch), whose signal gives up after
// `timeoutMs` for the whole exchange, headers and body, as core's Deadline does. Core reads that abort as a
// network failure after the request left rather than as its own timeout; both take the same road in core
// (an unknown outcome while the headers are awaited, a failed read once they have come).
export function timedFetch(timeoutMs: number): typeof fetch {
  return (input, init) => {
    const limit = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, limit]) : limit;
    return fetch(input, { ...init, signal });
  };
}
