// Test support (vitest only): a fresh batch store fixture for each test, closed after it, and its two
// recording helpers bound to whichever fixture is current.
import { afterEach, beforeEach } from 'vitest';
import { openBatchStoreFixture, type BatchStoreFixture } from './batchStoreFixture';

export interface BatchStoreTestbed {
  /** A new one for each test. */
  readonly fixture: BatchStoreFixture;
  recordJob: BatchStoreFixture['recordJob'];
  recordBatch: BatchStoreFixture['recordBatch'];
}

export function batchStoreTestbed(): BatchStoreTestbed {
  let current: BatchStoreFixture | undefined;
  beforeEach(() => {
    current = openBatchStoreFixture();
  });
  afterEach(() => {
    current?.close();
  });
  const fixture = (): BatchStoreFixture => {
    if (current === undefined) throw new Error('batchStoreTestbed: the fixture is read outside a test');
    return current;
  };
  return {
    get fixture() {
      return fixture();
    },
    recordJob: (...args) => fixture().recordJob(...args),
    recordBatch: (...args) => fixture().recordBatch(...args),
  };
}
