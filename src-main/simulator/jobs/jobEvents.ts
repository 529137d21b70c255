// A tiny in-process event hub: the runner publishes what happens to a job, and the SSE streams and
// the v1 WebSocket each turn it into their own wire format.
import type { JobRecord, OutputRecord, PreviewImage, Progress } from './jobModel';

export type JobEvent =
  /** The status or the queue position changed; read both from the job. */
  | { type: 'status' }
  | { type: 'progress'; progress: Progress }
  | { type: 'node_started'; nodeId: string; classType: string }
  | { type: 'step'; nodeId: string; step: number; steps: number }
  | { type: 'preview'; preview: PreviewImage }
  | { type: 'output'; output: OutputRecord }
  | { type: 'node_finished'; nodeId: string; classType: string; outputs: readonly OutputRecord[] };

export type JobListener = (job: JobRecord, event: JobEvent) => void;

export class JobEventHub {
  private readonly listeners = new Set<JobListener>();

  subscribe(listener: JobListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(job: JobRecord, event: JobEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(job, event);
      } catch {
        // A broken consumer (a stream whose socket died mid-write) must never stop the job itself.
      }
    }
  }

  get listenerCount(): number {
    return this.listeners.size;
  }
}
