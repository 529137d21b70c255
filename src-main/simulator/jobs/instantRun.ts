// Finished history for the demo seed: run a job's graph at once (no timers), commit its outputs as
// real assets, and stamp plausible times, progress, error and log, as if it had run earlier.
import { isoTime } from '../clock';
import type { AssetPort, MediaPort } from '../ports';
import type { JobRecord } from './jobModel';
import { runNodeEffect, samplerSteps, type NodeValue } from './nodeEffects';
import { commitOutputFile } from './outputCommit';
import { finishedProgress, progressSnapshot } from './progress';
import { nodeExecutionError, samplerProgressLine, workerLostError } from './workerLog';

export interface InstantRunDeps {
  assets: AssetPort;
  media: MediaPort;
  nextFileNumber: () => number;
}

export interface InstantRunShape {
  queueMs: number;
  executionMs: number;
  /** 'tail' keeps only the end of a long log and marks it truncated. */
  log: 'full' | 'tail';
}

const truncatedLogKeepChars = 2_000;

export function completeInstantly(job: JobRecord, deps: InstantRunDeps, shape: InstantRunShape): void {
  const startedAt = job.createdAt + shape.queueMs;
  const completedAt = startedAt + shape.executionMs;
  const values = new Map<string, NodeValue[]>();
  const total = job.graph.order.length;
  const lines = [`got prompt ${job.id}`];
  job.startedAt = startedAt;
  job.status = 'succeeded';
  for (const [index, nodeId] of job.graph.order.entries()) {
    const node = job.graph.nodes.get(nodeId);
    if (!node) continue;
    const effect = runNodeEffect(node, { media: deps.media, values, nextFileNumber: deps.nextFileNumber });
    const progressHere = progressSnapshot(total, index, node, {
      step: null,
      steps: null,
      message: `Executing ${node.nodeClass.name}`,
    });
    if (effect.kind === 'crash') {
      job.status = 'failed';
      job.progress = progressHere;
      job.error = workerLostError(nodeId, node.nodeClass.name);
      break;
    }
    if (effect.kind === 'failure') {
      job.error = nodeExecutionError(nodeId, node.nodeClass.name, effect.exceptionType, effect.message);
      lines.push(`!!! Exception during processing !!! ${effect.message}`, job.error.traceback ?? '');
      job.status = 'failed';
      job.progress = progressHere;
      break;
    }
    if (node.nodeClass.behaviour === 'sampler') {
      const steps = samplerSteps(node);
      lines.push(samplerProgressLine(steps, steps, shape.executionMs));
    }
    values.set(nodeId, effect.values);
    for (const file of effect.files) commitOutputFile(deps.assets, job, nodeId, file);
  }
  if (job.status === 'succeeded') {
    lines.push(`Prompt executed in ${(shape.executionMs / 1000).toFixed(2)} seconds`);
    job.progress = finishedProgress(total);
  }
  job.completedAt = completedAt;
  job.updatedAt = completedAt;
  job.version += 2;
  job.logLines = lines;
  // A platform kill leaves no log; otherwise the worker reported and its output was captured.
  if (job.error?.code === 'worker_lost') return;
  let text = lines.join('\n') + '\n';
  if (shape.log === 'tail') {
    const noise = Array.from({ length: 400 }, (_, i) => `[worker] loading shard ${i + 1}/400 …`).join('\n');
    text = (noise + '\n' + text).slice(-truncatedLogKeepChars);
  }
  job.log = {
    text,
    truncated: shape.log === 'tail',
    captured_at: isoTime(completedAt + 250),
    complete: true,
  };
}
