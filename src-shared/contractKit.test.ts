// Label records refuse keys that mean something to JavaScript objects, whichever road the arguments took
// (JSON over the browser shell's socket, a structured clone over Electron's IPC).
import { describe, expect, it } from 'vitest';
import { contract } from './contract';

const submit = contract['jobs.submit'].args;
const list = contract['jobs.list'].args;

describe('label records', () => {
  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses "%s" as a key instead of dropping it',
    (key) => {
      const json = `{"profileId":"p","workflowJson":"{}","labels":{"${key}":"x","ok":"y"}}`;
      for (const raw of [JSON.parse(json) as unknown, structuredClone(JSON.parse(json) as unknown)]) {
        const parsed = submit.safeParse(raw);
        expect(parsed.success).toBe(false);
        expect(parsed.error?.issues[0]?.message).toContain('__proto__, constructor or prototype');
      }
      expect(list.safeParse(JSON.parse(`{"profileId":"p","labels":{"${key}":"x"}}`)).success).toBe(false);
    },
  );

  it('keeps ordinary labels, and refuses what is not an object', () => {
    // (Per-profile calls name their profile: without one, nothing parses.)
    expect(submit.safeParse({ workflowJson: '{}' }).success).toBe(false);
    expect(
      submit.parse({ profileId: 'p', workflowJson: '{}', labels: { scene: 'a', 'take.2': 'b' } }).labels,
    ).toEqual({
      scene: 'a',
      'take.2': 'b',
    });
    expect(submit.safeParse({ profileId: 'p', workflowJson: '{}', labels: ['a'] }).success).toBe(false);
    expect(submit.safeParse({ profileId: 'p', workflowJson: '{}', labels: { a: 1 } }).success).toBe(false);
  });
});
