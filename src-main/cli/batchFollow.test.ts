// The CLI's live line for a batch being sent: counts, the ETA, and why it holds back when it does.
import { describe, expect, it } from 'vitest';
import type { BatchProgress } from '../core/outbox';
import { batchProgressLine } from './batchFollow';

const progress = (over: Partial<BatchProgress> = {}): BatchProgress => ({
  pending: 3,
  sending: 0,
  inFlight: 1,
  succeeded: 2,
  failed: 0,
  canceled: 0,
  unknown: 0,
  total: 6,
  window: 4,
  waiting: null,
  ...over,
});

describe('batchProgressLine', () => {
  it('counts what is done, running and left to send', () => {
    expect(batchProgressLine(progress(), 65_000)).toBe(
      '2/6 done \u00b7 1 queued or running \u00b7 3 to send \u00b7 ETA 1m05s',
    );
  });

  it('says when sending waits for a locked keychain, what to do, and when it tries again', () => {
    const line = batchProgressLine(
      progress({ waiting: { reason: 'keychain_locked', retryAt: 10_000 } }),
      null,
      7_500,
    );
    expect(line).toBe(
      "2/6 done \u00b7 1 queued or running \u00b7 3 to send \u00b7 Waiting: the keychain holding this profile's API key is locked; unlock it to go on (trying again in 3 s)",
    );
  });

  it('says a full queue, and a service still starting', () => {
    expect(
      batchProgressLine(progress({ waiting: { reason: 'queue_full', retryAt: 1_000 } }), null, 2_000),
    ).toMatch(/Waiting: the service's queue is full \(trying again now\)$/);
    expect(
      batchProgressLine(progress({ waiting: { reason: 'service_starting', retryAt: 5_000 } }), null, 0),
    ).toMatch(/Waiting: the service is not ready yet \(trying again in 5 s\)$/);
  });
});
