// A fake Loupe host for renderer tests: the real buildLoupeApi over a transport whose answers the test sets.
import { buildLoupeApi, type LoupeApi, type Transport } from '../../src-preload/buildApi';
import type { CallName, ProfileList } from '../../src-preload/contract';
import type { CallResult } from '../../src-preload/protocol';

export const PROFILES: ProfileList = {
  profiles: [
    {
      id: 'local',
      name: 'Local proxy',
      surface: 'self-hosted',
      baseUrl: 'http://127.0.0.1:8189',
      hasCredential: false,
      builtIn: 'local',
    },
    {
      id: 'demo',
      name: 'Demo server',
      surface: 'serverless',
      baseUrl: null,
      hasCredential: false,
      builtIn: 'demo',
    },
  ],
  activeProfileId: 'local',
};

export type Answer = (args: unknown) => CallResult<unknown>;

export function fakeHost(overrides: Partial<Record<CallName, Answer>> = {}) {
  const calls: { name: CallName; args: unknown }[] = [];
  let profiles = PROFILES;
  const answers: Partial<Record<CallName, Answer>> = {
    'app.info': () => ({
      ok: true,
      value: {
        name: 'Loupe',
        version: '9.9.9',
        shell: 'browser',
        platform: 'linux',
        startedAt: new Date(0).toISOString(),
      },
    }),
    'app.openExternal': () => ({ ok: true, value: { opened: false } }),
    'profiles.list': () => ({ ok: true, value: profiles }),
    'profiles.setActive': (args) => {
      profiles = { ...profiles, activeProfileId: (args as { profileId: string }).profileId };
      return { ok: true, value: profiles };
    },
    ...overrides,
  };
  const transport: Transport = {
    call: (name, args) => {
      calls.push({ name, args });
      const answer = answers[name];
      return Promise.resolve(
        answer
          ? answer(args)
          : { ok: false, error: { code: 'not_faked', message: `The fake host has no ${name}` } },
      );
    },
    subscribe: () => Promise.resolve({ ok: true, value: null }),
    unsubscribe: () => undefined,
  };
  const loupe: LoupeApi = buildLoupeApi(transport);
  return { loupe, calls };
}
