import { describe, expect, it } from 'vitest';
import { JobLinkMemory } from './jobLinkMemory';

describe('JobLinkMemory', () => {
  it('keeps the latest link per job and forgets the oldest past its bound', () => {
    const memory = new JobLinkMemory();
    memory.remember('a', 'https://svc/a/cancel');
    memory.remember('a', 'https://svc/a/cancel-2');
    expect(memory.cancelOf('a')).toBe('https://svc/a/cancel-2');
    for (let i = 0; i < 5_000; i++) memory.remember(`j${i}`, `https://svc/${i}`);
    expect(memory.size).toBe(5_000);
    expect(memory.cancelOf('a')).toBeNull();
    expect(memory.cancelOf('j4999')).toBe('https://svc/4999');
  });

  it('ignores a missing or empty link', () => {
    const memory = new JobLinkMemory();
    memory.remember('a', null);
    memory.remember('b', '');
    memory.remember('c', undefined);
    expect(memory.size).toBe(0);
  });
});
