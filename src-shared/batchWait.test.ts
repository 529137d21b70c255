import { describe, expect, it } from 'vitest';
import { batchWaitReasonOf, batchWaitWords } from './batchWait';

describe('batchWait', () => {
  it('names a wait only for the refusals that mean "not now"', () => {
    expect(batchWaitReasonOf('queue_full')).toBe('queue_full');
    expect(batchWaitReasonOf('deployment_not_ready')).toBe('service_starting');
    expect(batchWaitReasonOf('deployment_unavailable')).toBe('service_starting');
    expect(batchWaitReasonOf('credential_unavailable')).toBe('keychain_locked');
    // Refusals of the item itself fail it: never a wait.
    for (const code of ['invalid_workflow', 'unauthorized', 'payload_too_large', 'not_found', ''])
      expect(batchWaitReasonOf(code)).toBeNull();
  });

  it('rounds the time left up to whole seconds, and says "now" once it has passed', () => {
    const wait = { reason: 'service_starting', retryAt: 10_000 } as const;
    expect(batchWaitWords(wait, 9_001)).toBe('Waiting: the service is not ready yet (trying again in 1 s)');
    expect(batchWaitWords(wait, 10_000)).toBe('Waiting: the service is not ready yet (trying again now)');
  });
});
