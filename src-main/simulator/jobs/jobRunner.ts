// The simulated worker pool: a FIFO queue with positions, then execution node by node (sampler
// nodes step by step), progress snapshots, previews, outputs committed as real assets, failures,
// and cancellation that takes effect at the next node or step boundary.
import { isoTime } from '../clock';
import type { AssetPort, MediaPort } from '../ports';
import type { JobEventHub } from './jobEvents';
import type { JobRecord, JobStatus, OutputRecord, PreviewImage, Progress } from './jobModel';
import { isTerminal } from './jobModel';
import { runNodeEffect, samplerSteps, type NodeValue, type OutputFile } from './nodeEffects';
import { commitOutputFile } from './outputCommit';
import type { GraphNode } from './workflowValidation';
import { finishedProgress, progressSnapshot } from './progress';
import { nodeExecutionError, samplerProgressLine, workerLostError } from './workerLog';

export interface RunnerTiming {
  /** Delay before a free worker takes the head of the queue. */
  dispatchMs: number;
  /** Time one non-sampler node takes. */
  nodeMs: number;
  /** Time one sampler step takes. */
  stepMs: number;
}

export interface RunnerDeps {
  hub: JobEventHub;
  assets: AssetPort;
  media: MediaPort;
  now: () => number;
  timing: RunnerTiming;
  workers: number;
  /** The owner an API key authenticates as: a partner node runs only for the key of the job's own account. */
  ownerForKey: (key: string) => string | null;
  /** False: extra_data is dispatch-only, dropped once the worker has taken it (a deployment, the proxy). */
  keepsExtraData: boolean;
}

const previewSide = 48;

export class JobRunner {
  private queue: JobRecord[] = [];
  private readonly running = new Set<JobRecord>();
  private readonly announcedPositions = new Map<string, number>();
  private readonly sleepers = new Set<{ timer: NodeJS.Timeout; wake: () => void }>();
  /** Bumped by reset(): executions from an older generation abandon their job silently. */
  private generation = 0;
  private dispatching = false;
  private fileNumber = 0;

  constructor(private readonly deps: RunnerDeps) {}

  enqueue(job: JobRecord): void {
    this.queue.push(job);
    this.announcePositions();
    this.pump();
  }

  queuePosition(job: JobRecord): number | null {
    if (job.status !== 'queued') return null;
    const index = this.queue.indexOf(job);
    return index === -1 ? null : index;
  }

  queuedCount(): number {
    return this.queue.length;
  }

  /** Cancel as NOTES.md describes: a queued job goes straight to canceled, a running one to canceling. */
  cancel(job: JobRecord): void {
    if (isTerminal(job.status) || job.status === 'canceling') return;
    job.cancelRequested = true;
    if (job.status === 'queued') {
      this.queue = this.queue.filter((queued) => queued !== job);
      this.announcedPositions.delete(job.id);
      this.finish(job, 'canceled');
      this.announcePositions();
      return;
    }
    this.transition(job, 'canceling');
  }

  /** Drop the queue and abandon running executions (for /_sim/reset and close()). */
  reset(): void {
    this.generation += 1;
    this.queue = [];
    this.running.clear();
    this.announcedPositions.clear();
    this.dispatching = false;
    for (const sleeper of this.sleepers) {
      clearTimeout(sleeper.timer);
      sleeper.wake();
    }
    this.sleepers.clear();
  }

  private pump(): void {
    if (this.dispatching || this.queue.length === 0 || this.running.size >= this.deps.workers) return;
    this.dispatching = true;
    const generation = this.generation;
    this.sleep(this.deps.timing.dispatchMs)
      .then(() => {
        if (generation !== this.generation) return;
        this.dispatching = false;
        const job = this.queue.shift();
        if (job) {
          this.announcedPositions.delete(job.id);
          this.start(job, generation);
          this.announcePositions();
        }
        this.pump();
      })
      .catch((error: unknown) => console.error('simulator: the job queue stopped dispatching', error));
  }

  private start(job: JobRecord, generation: number): void {
    this.running.add(job);
    job.startedAt = this.deps.now();
    job.progress = this.progress(job, 0, null, null, null, 'Starting');
    this.transition(job, 'running');
    this.execute(job, generation)
      .catch(() => {
        if (generation === this.generation && !isTerminal(job.status)) this.crash(job, null);
      })
      .finally(() => {
        this.running.delete(job);
        if (generation === this.generation) this.pump();
      });
  }

  private async execute(job: JobRecord, generation: number): Promise<void> {
    const { graph } = job;
    const values = new Map<string, NodeValue[]>();
    const partnerKey = job.extraData?.api_key_svc_org ?? null;
    const partnerKeyAccepted = partnerKey !== null && this.deps.ownerForKey(partnerKey) === job.owner;
    if (!this.deps.keepsExtraData) job.extraData = null;
    const effectContext = {
      media: this.deps.media,
      values,
      nextFileNumber: () => ++this.fileNumber,
      partnerKeyAccepted,
    };
    this.log(job, `got prompt ${job.id}`);
    for (const [index, nodeId] of graph.order.entries()) {
      if (this.interrupted(job, generation)) return;
      const node = graph.nodes.get(nodeId);
      if (!node) continue;
      const classType = node.nodeClass.name;
      this.deps.hub.publish(job, { type: 'node_started', nodeId, classType });
      this.setProgress(job, this.progress(job, index, node, null, null, `Executing ${classType}`));
      if (node.nodeClass.behaviour === 'sampler') {
        if (!(await this.sample(job, node, index, generation))) return;
      } else {
        await this.sleep(this.deps.timing.nodeMs);
        if (this.interrupted(job, generation)) return;
      }
      const effect = runNodeEffect(node, effectContext);
      if (effect.kind === 'crash') return this.crash(job, node);
      if (effect.kind === 'failure') return this.fail(job, node, effect.exceptionType, effect.message);
      values.set(nodeId, effect.values);
      const outputs = effect.files.map((file) => this.commitOutput(job, nodeId, file));
      this.deps.hub.publish(job, { type: 'node_finished', nodeId, classType, outputs });
      this.setProgress(job, this.progress(job, index + 1, null, null, null, null));
    }
    if (this.interrupted(job, generation)) return;
    const seconds = ((this.deps.now() - (job.startedAt ?? this.deps.now())) / 1000).toFixed(2);
    this.log(job, `Prompt executed in ${seconds} seconds`);
    this.setProgress(job, finishedProgress(graph.order.length));
    this.finish(job, 'succeeded');
  }

  /** Run a sampler node step by step; false when the job was interrupted at a step boundary. */
  private async sample(job: JobRecord, node: GraphNode, index: number, generation: number): Promise<boolean> {
    const steps = samplerSteps(node);
    const seed = typeof node.inputs.seed === 'number' ? node.inputs.seed : 0;
    const began = this.deps.now();
    for (let step = 1; step <= steps; step++) {
      await this.sleep(this.deps.timing.stepMs);
      if (this.interrupted(job, generation)) return false;
      this.deps.hub.publish(job, { type: 'step', nodeId: node.id, step, steps });
      this.setProgress(
        job,
        this.progress(job, index + step / steps, node, step, steps, `Sampling step ${step}/${steps}`),
      );
      const preview = lazyPreview(node.id, () =>
        this.deps.media.makePng(previewSide, previewSide, seed + step),
      );
      job.latestPreview = preview;
      this.deps.hub.publish(job, { type: 'preview', preview });
    }
    this.log(job, samplerProgressLine(steps, steps, this.deps.now() - began));
    return true;
  }

  /** The boundary check: cancel, retention, or an abandoned generation stop the run here. */
  private interrupted(job: JobRecord, generation: number): boolean {
    if (generation !== this.generation) return true;
    if (job.cancelRequested) {
      this.log(job, 'Processing interrupted');
      this.finish(job, 'canceled');
      return true;
    }
    if (this.deps.now() >= job.expiresAt) {
      this.finish(job, 'expired', { captureLog: false });
      return true;
    }
    return false;
  }

  private commitOutput(job: JobRecord, nodeId: string, file: OutputFile): OutputRecord {
    const output = commitOutputFile(this.deps.assets, job, nodeId, file);
    this.touch(job);
    this.deps.hub.publish(job, { type: 'output', output });
    return output;
  }

  private fail(job: JobRecord, node: GraphNode, exceptionType: string, message: string): void {
    job.error = nodeExecutionError(node.id, node.nodeClass.name, exceptionType, message);
    this.log(job, `!!! Exception during processing !!! ${message}`);
    this.log(job, job.error.traceback ?? '');
    this.finish(job, 'failed');
  }

  /** A platform kill (out of memory): the job fails and, because the worker never reported, has no log. */
  private crash(job: JobRecord, node: GraphNode | null): void {
    job.error = workerLostError(node?.id ?? null, node?.nodeClass.name ?? null);
    this.finish(job, 'failed', { captureLog: false });
  }

  private finish(
    job: JobRecord,
    status: JobStatus,
    options: { captureLog: boolean } = { captureLog: true },
  ): void {
    job.completedAt = this.deps.now();
    const ran = job.startedAt !== null;
    if (options.captureLog && ran) {
      job.log = {
        text: job.logLines.join('\n') + '\n',
        truncated: false,
        captured_at: isoTime(this.deps.now()),
        complete: true,
      };
    }
    this.transition(job, status);
  }

  private transition(job: JobRecord, status: JobStatus): void {
    job.status = status;
    this.touch(job);
    this.deps.hub.publish(job, { type: 'status' });
  }

  private touch(job: JobRecord): void {
    job.updatedAt = this.deps.now();
    job.version += 1;
  }

  private setProgress(job: JobRecord, progress: Progress): void {
    job.progress = progress;
    job.updatedAt = this.deps.now();
    this.deps.hub.publish(job, { type: 'progress', progress });
  }

  private progress(
    job: JobRecord,
    nodesDone: number,
    node: GraphNode | null,
    step: number | null,
    steps: number | null,
    message: string | null,
  ): Progress {
    return progressSnapshot(job.graph.order.length, nodesDone, node, { step, steps, message });
  }

  private log(job: JobRecord, line: string): void {
    job.logLines.push(line);
  }

  /** Tell queued jobs whose position moved (SSE sends a status event on every position change). */
  private announcePositions(): void {
    this.queue.forEach((job, index) => {
      if (this.announcedPositions.get(job.id) === index) return;
      this.announcedPositions.set(job.id, index);
      this.deps.hub.publish(job, { type: 'status' });
    });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const sleeper = {
        wake: () => resolve(),
        timer: setTimeout(() => {
          this.sleepers.delete(sleeper);
          resolve();
        }, ms),
      };
      this.sleepers.add(sleeper);
    });
  }
}

/**
 * A step's preview, drawn only when someone reads it: a stream sends at most one per throttle interval and
 * most steps are read by nobody, so drawing each one up front held the event loop for nothing (a seeded
 * test simulator spent a third of a core on previews no client asked for).
 */
function lazyPreview(nodeId: string, draw: () => Buffer): PreviewImage {
  let bytes: Buffer | null = null;
  return {
    nodeId,
    contentType: 'image/png',
    get bytes(): Buffer {
      bytes ??= draw();
      return bytes;
    },
  };
}
