// The text a simulated worker writes: log lines in the style of a local workflow server, Python
// tracebacks for failed nodes, and the job.error objects. All untrusted text as far as clients go.
import type { JobError } from './jobModel';

export function tracebackFor(
  nodeId: string,
  classType: string,
  exceptionType: string,
  message: string,
): string {
  return [
    'Traceback (most recent call last):',
    '  File "/app/execution.py", line 327, in execute',
    '    output_data, output_ui, has_subgraph = get_output_data(obj, input_data_all, execution_block_cb=execution_block_cb)',
    '  File "/app/execution.py", line 202, in get_output_data',
    '    return_values = _map_node_over_list(obj, input_data_all, obj.FUNCTION, allow_interrupt=True)',
    `  File "/app/custom_nodes/simulator/nodes.py", line 42, in run  # node ${nodeId} (${classType})`,
    `    raise ${exceptionType}(message)`,
    `${exceptionType}: ${message}`,
  ].join('\n');
}

export function samplerProgressLine(step: number, steps: number, elapsedMs: number): string {
  const width = 10;
  const filled = Math.round((step / steps) * width);
  const bar = '█'.repeat(filled) + ' '.repeat(width - filled);
  const seconds = Math.max(elapsedMs / 1000, 0.001);
  const rate = (step / seconds).toFixed(2);
  return `${Math.round((step / steps) * 100)}%|${bar}| ${step}/${steps} [00:0${Math.min(9, Math.floor(seconds))}<00:00, ${rate}it/s]`;
}

export function nodeExecutionError(
  nodeId: string,
  classType: string,
  exceptionType: string,
  message: string,
): JobError {
  return {
    code: 'node_execution_error',
    message,
    node_id: nodeId,
    class_type: classType,
    traceback: tracebackFor(nodeId, classType, exceptionType, message),
  };
}

/** A platform kill (out of memory, crash): the worker never reported, so there is no traceback and no log. */
export function workerLostError(nodeId: string | null, classType: string | null): JobError {
  return {
    code: 'worker_lost',
    message: 'The worker stopped without reporting an outcome (out of memory).',
    node_id: nodeId,
    class_type: classType,
    traceback: null,
  };
}
