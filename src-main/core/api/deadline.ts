// One signal per attempt that fires on the caller's abort or on the time limit, and remembers which,
// so a timeout becomes ApiError 'timeout' while a caller's abort stays an abort.
import { abortReason } from './connection';
import { ApiError } from './errors';

export class Deadline {
  readonly signal: AbortSignal;
  private readonly timer: ReturnType<typeof setTimeout>;
  private expired = false;

  constructor(
    private readonly timeoutMs: number,
    private readonly callerSignal: AbortSignal | undefined,
  ) {
    const timeout = new AbortController();
    this.timer = setTimeout(() => {
      this.expired = true;
      timeout.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
    // The socket keeps the process alive while a request is in flight; the timer alone should not.
    this.timer.unref();
    this.signal =
      callerSignal === undefined ? timeout.signal : AbortSignal.any([callerSignal, timeout.signal]);
  }

  /** Stops the clock: called once a body is fully read, or handed to the caller as a stream. */
  clear(): void {
    clearTimeout(this.timer);
  }

  /** Maps whatever a fetch or body read threw to what the caller should see. */
  translate(error: unknown): Error {
    if (this.callerSignal?.aborted === true) return abortReason(this.callerSignal);
    if (this.expired) return ApiError.timeout(this.timeoutMs);
    if (error instanceof ApiError) return error;
    return ApiError.network(error);
  }
}
