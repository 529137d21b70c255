// The simulator's progress events as they leave it: a second client on the job's own event stream, in the
// bench process, the one where the simulator runs. Each event is timestamped on arrival (epoch ms), a
// loopback hop after the simulator wrote it, and that is the "sent" time SSE-to-screen counts from.
import { createParser } from 'eventsource-parser';
import { z } from 'zod';
import { epochNow } from './clock';

export interface ProgressSent {
  step: number;
  steps: number;
  at: number;
}

const progressSchema = z.looseObject({ step: z.number().nullable(), steps: z.number().nullable() });

export interface ProgressObserver {
  sent: ProgressSent[];
  stop(): void;
}

export async function observeProgress(eventsUrl: string, apiKey: string): Promise<ProgressObserver> {
  const abort = new AbortController();
  const response = await fetch(eventsUrl, {
    headers: { authorization: `Bearer ${apiKey}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (!response.ok || response.body === null) throw new Error(`the event stream answered ${response.status}`);
  const sent: ProgressSent[] = [];
  const parser = createParser({
    onEvent: (message) => {
      if (message.event !== 'progress') return;
      const at = epochNow();
      const progress = progressSchema.safeParse(JSON.parse(message.data));
      if (progress.success && progress.data.step !== null && progress.data.steps !== null) {
        sent.push({ step: progress.data.step, steps: progress.data.steps, at });
      }
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      // Stopped.
    }
  })();
  return { sent, stop: () => abort.abort() };
}
