import { describe, expect, it } from 'vitest';
import { Supervisor } from './supervisor';

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Supervisor', () => {
  it('catches what background work throws, logs it by name, keeps it, and tells the owner', async () => {
    const logged: string[] = [];
    const paused: unknown[] = [];
    const supervisor = new Supervisor((message) => logged.push(message));
    supervisor.run(
      'Sending batch b1',
      () => Promise.reject(new Error('disk full')),
      (error) => paused.push(error),
    );
    supervisor.run('Throws at once', () => {
      throw new Error('sync');
    });
    supervisor.run('Fine', () => Promise.resolve(1));
    await settle();
    expect(logged.sort()).toEqual(['Sending batch b1 stopped', 'Throws at once stopped']);
    expect(paused).toHaveLength(1);
    expect(supervisor.failures().map((f) => [f.task, f.message])).toEqual(
      expect.arrayContaining([
        ['Sending batch b1', 'disk full'],
        ['Throws at once', 'sync'],
      ]),
    );
    expect(supervisor.failures()).toHaveLength(2);
  });

  it('a failing owner callback is logged too, never thrown', async () => {
    const logged: string[] = [];
    const supervisor = new Supervisor((message) => logged.push(message));
    supervisor.run(
      'Task',
      () => Promise.reject(new Error('x')),
      () => {
        throw new Error('cannot record');
      },
    );
    await settle();
    expect(logged).toEqual(['Task stopped', 'Task: recording why it stopped failed too']);
  });
});
