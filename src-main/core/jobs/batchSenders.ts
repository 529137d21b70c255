// Main's sending of the active profile's batches in the app: one BatchRunner run per batch in the
// background, which the user can pause, resume, cancel and widen or narrow while it runs. What is sent is
// in the store (rule 6), so a pause or a quit loses nothing: resuming takes up the same items under the same
// keys. Switching profiles disposes this with the profile's runtime, stopping every run (the jobs go on).
import type { BatchSending } from '../../../src-shared/contracts/batches';
import type { BatchRunner } from './batchRunner';

interface Sending {
  controller: AbortController | null;
  window: number;
  autoRetry: number | undefined;
  state: BatchSending['state'];
}

export class BatchSenders {
  private readonly sending = new Map<string, Sending>();

  constructor(
    private readonly runner: Pick<BatchRunner, 'run' | 'cancel'>,
    private readonly logError: (message: string, error: unknown) => void,
  ) {}

  /** Starts (or resumes) sending; a batch already sending only takes the new window. */
  start(batchId: string, window: number, autoRetry?: number): BatchSending {
    const entry = this.entry(batchId, window);
    entry.window = window;
    if (autoRetry !== undefined) entry.autoRetry = autoRetry;
    if (entry.controller !== null) return this.describe(batchId);
    const controller = new AbortController();
    entry.controller = controller;
    entry.state = 'sending';
    this.runner
      .run(batchId, {
        window: () => entry.window,
        signal: controller.signal,
        ...(entry.autoRetry === undefined ? {} : { autoRetry: entry.autoRetry }),
      })
      .then(
        () => {
          if (entry.controller === controller) entry.state = 'idle';
        },
        (error: unknown) => {
          if (!controller.signal.aborted) this.logError(`Sending batch ${batchId} stopped`, error);
          if (entry.controller === controller && entry.state === 'sending') entry.state = 'idle';
        },
      )
      .finally(() => {
        if (entry.controller === controller) entry.controller = null;
      });
    return this.describe(batchId);
  }

  pause(batchId: string): BatchSending {
    const entry = this.entry(batchId, 4);
    entry.controller?.abort();
    entry.controller = null;
    entry.state = 'paused';
    return this.describe(batchId);
  }

  async cancel(batchId: string): Promise<BatchSending> {
    const entry = this.entry(batchId, 4);
    entry.controller?.abort();
    entry.controller = null;
    entry.state = 'canceled';
    await this.runner.cancel(batchId);
    return this.describe(batchId);
  }

  setWindow(batchId: string, window: number): BatchSending {
    this.entry(batchId, window).window = window;
    return this.describe(batchId);
  }

  describe(batchId: string): BatchSending {
    const entry = this.sending.get(batchId);
    return { batchId, state: entry?.state ?? 'idle', window: entry?.window ?? 4 };
  }

  dispose(): void {
    for (const entry of this.sending.values()) entry.controller?.abort();
    this.sending.clear();
  }

  private entry(batchId: string, window: number): Sending {
    let entry = this.sending.get(batchId);
    if (entry === undefined) {
      entry = { controller: null, window, state: 'idle', autoRetry: undefined };
      this.sending.set(batchId, entry);
    }
    return entry;
  }
}
