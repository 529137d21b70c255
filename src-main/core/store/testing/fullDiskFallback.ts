// Test support, for a process that may not mount a small disk (not root): every write statement libsql runs
// fails as a full disk makes it fail (SQLITE_FULL, primary code 13), until the returned undo is called.
// In-process only; the tests that use it say so in their report line.
import Database from 'libsql';
import { vi } from 'vitest';
import type { Undo } from './disks';

export function fullDiskFallback(): Undo {
  const probe = new Database(':memory:');
  const statementPrototype = Object.getPrototypeOf(probe.prepare('SELECT 1')) as {
    run: (...args: unknown[]) => unknown;
  };
  probe.close();
  const spy = vi.spyOn(statementPrototype, 'run').mockImplementation(() => {
    throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL', rawCode: 13 });
  });
  return () => spy.mockRestore();
}
