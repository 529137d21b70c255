import { describe, expect, it } from 'vitest';
import { isTransientFailure } from './transientFailure';

describe('isTransientFailure', () => {
  it.each([
    [
      { code: 'worker_lost', message: 'The worker stopped without reporting an outcome (out of memory).' },
      true,
    ],
    [{ code: 'upstream_error', message: 'Upstream failed.' }, true],
    [{ code: 'node_execution_error', message: 'torch.cuda.OutOfMemoryError: CUDA out of memory.' }, true],
    [{ code: 'node_execution_error', message: 'OOMError: allocation failed' }, true],
    [{ code: 'node_execution_error', message: 'ValueError: height must be a multiple of 8' }, false],
    [{ code: 'node_execution_error', message: 'KeyError: ckpt_name' }, false],
    [{ code: 'invalid_workflow', message: 'node 4 missing' }, false],
  ])('%o → %s', (error, transient) => {
    expect(isTransientFailure(error)).toBe(transient);
  });

  it('no error is not transient', () => {
    expect(isTransientFailure(null)).toBe(false);
  });
});
