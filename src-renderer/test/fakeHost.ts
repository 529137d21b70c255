// A fake Loupe host for renderer tests: the real buildLoupeApi over a transport whose answers the test sets.
// It keeps a small profile store so create/update/remove/credential calls behave like the real host, and
// it can push events into any stream the renderer subscribed to (`emit`). Like main, profiles.work answers a
// new subscription with a snapshot of what runs on every profile (`setWork` changes it and tells subscribers).
import { buildLoupeApi, type LoupeApi, type Transport } from '../../src-preload/buildApi';
import type {
  CallName,
  Profile,
  ProfileList,
  ProfileWork,
  StreamEvent,
  StreamName,
} from '../../src-shared/contract';
import type { CallResult, StreamMessage } from '../../src-shared/protocol';
import { scopeRefusal } from './scopeCheck';

export const PROFILES: ProfileList = {
  profiles: [
    {
      id: 'local',
      name: 'Local proxy',
      surface: 'self-hosted',
      baseUrl: 'http://127.0.0.1:8189',
      hasCredential: false,
      sendPartnerKey: false,
      builtIn: 'local',
    },
    {
      id: 'demo',
      name: 'Demo server',
      surface: 'serverless',
      baseUrl: null,
      hasCredential: false,
      sendPartnerKey: false,
      builtIn: 'demo',
    },
  ],
  activeProfileId: 'local',
};

/** An answer now, or later (a promise the test settles when it wants the host to have answered). */
export type Answer = (args: unknown) => CallResult<unknown> | Promise<CallResult<unknown>>;

export interface FakeHostOptions {
  /** The profile list the host starts with (default PROFILES). */
  profiles?: ProfileList;
  /** Whether the OS keychain works (default true); when false, setCredential needs allowSessionOnly. */
  keychainAvailable?: boolean;
  /** What runs on each profile, as profiles.work's first snapshot says (default: nothing). */
  work?: ProfileWork[];
}

type Fields = Record<string, string[]>;

function invalid(fields: Fields): CallResult<unknown> {
  return {
    ok: false,
    error: { code: 'invalid_profile', message: 'The profile is not valid.', details: { fields } },
  };
}

/** Roughly the host's own checks, enough for the form's per-field errors. */
function keychainRefusal(): CallResult<unknown> {
  return {
    ok: false,
    error: {
      code: 'keychain_unavailable',
      message: 'The system keychain is not available, so Loupe cannot save this credential.',
      details: { reason: 'No Secret Service on the session bus', canKeepForSession: true },
    },
  };
}

function checkProfileFields(input: { name?: string; baseUrl?: string; routerBaseUrl?: string | null }) {
  const fields: Fields = {};
  if (input.name !== undefined && input.name.trim() === '') fields.name = ['Give the profile a name.'];
  for (const key of ['baseUrl', 'routerBaseUrl'] as const) {
    const text = input[key];
    if (text && !/^https?:\/\/[^\s/]+/.test(text)) {
      fields[key] = ['Enter a full address, such as https://api.example.com.'];
    }
  }
  return fields;
}

export function fakeHost(overrides: Partial<Record<CallName, Answer>> = {}, options: FakeHostOptions = {}) {
  const calls: { name: CallName; args: unknown }[] = [];
  let profiles = options.profiles ?? PROFILES;
  const keychainAvailable = options.keychainAvailable ?? true;
  let work = options.work ?? [];
  let nextId = 1;
  const find = (id: string): Profile | undefined => profiles.profiles.find((p) => p.id === id);
  const replace = (profile: Profile): Profile => {
    profiles = { ...profiles, profiles: profiles.profiles.map((p) => (p.id === profile.id ? profile : p)) };
    return profile;
  };
  const notFound = (id: string): CallResult<unknown> => ({
    ok: false,
    error: { code: 'not_found', message: `There is no profile with id ${id}.` },
  });

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
    // The browser shell's asset route prefix; tests that fetch bytes answer it themselves.
    'assets.base': () => ({ ok: true, value: { base: '/asset-bytes/cap/' } }),
    // A profile with no jobs yet, unless a test says otherwise.
    'jobs.list': () => ({ ok: true, value: { jobs: [], nextCursor: null, source: 'local', notice: null } }),
    // …and no assets.
    'assets.list': () => ({ ok: true, value: { assets: [], nextCursor: null, total: 0 } }),
    // …and no batches: a batch id asked for is one the host does not have.
    'batches.list': () => ({ ok: true, value: { batches: [] } }),
    'batches.get': (args) => ({
      ok: false,
      error: {
        code: 'batch_not_found',
        message: `There is no batch ${(args as { batchId: string }).batchId} for this profile.`,
      },
    }),
    'profiles.setActive': (args) => {
      profiles = { ...profiles, activeProfileId: (args as { profileId: string }).profileId };
      return { ok: true, value: profiles };
    },
    'profiles.create': (args) => {
      const input = args as {
        name: string;
        surface: Profile['surface'];
        baseUrl: string;
        routerBaseUrl?: string;
        sendPartnerKey?: boolean;
      };
      const fields = checkProfileFields(input);
      if (input.surface !== 'self-hosted' && input.baseUrl.trim() === '') {
        fields.baseUrl = ['Enter the service address; managed and serverless profiles need one.'];
      }
      if (Object.keys(fields).length > 0) return invalid(fields);
      const profile: Profile = {
        id: `p${nextId++}`,
        name: input.name.trim(),
        surface: input.surface,
        baseUrl: input.baseUrl.trim() || 'http://127.0.0.1:8189',
        hasCredential: false,
        sendPartnerKey: input.sendPartnerKey ?? false,
      };
      if (input.routerBaseUrl) profile.routerBaseUrl = input.routerBaseUrl;
      profiles = { ...profiles, profiles: [...profiles.profiles, profile] };
      return { ok: true, value: profile };
    },
    'profiles.update': (args) => {
      const { profileId, ...patch } = args as {
        profileId: string;
        name?: string;
        surface?: Profile['surface'];
        baseUrl?: string;
        routerBaseUrl?: string | null;
        sendPartnerKey?: boolean;
        secret?: string;
        allowSessionOnly?: boolean;
      };
      const current = find(profileId);
      if (!current) return notFound(profileId);
      const { secret, allowSessionOnly, sendPartnerKey, ...fieldsPatch } = patch;
      const fields = checkProfileFields(fieldsPatch);
      if (Object.keys(fields).length > 0) return invalid(fields);
      if (secret !== undefined && !keychainAvailable && allowSessionOnly !== true) return keychainRefusal();
      const next: Profile = { ...current };
      if (patch.name !== undefined) next.name = patch.name;
      if (patch.surface !== undefined) next.surface = patch.surface;
      if (patch.baseUrl !== undefined) next.baseUrl = patch.baseUrl;
      if (patch.routerBaseUrl === null) delete next.routerBaseUrl;
      else if (patch.routerBaseUrl !== undefined) next.routerBaseUrl = patch.routerBaseUrl;
      if (sendPartnerKey !== undefined) next.sendPartnerKey = sendPartnerKey;
      // The host's rule: a key stays with the origins it was given for, unless the update brings a new one.
      const origins = (p: Profile) =>
        [p.baseUrl, p.routerBaseUrl].flatMap((a) => (a ? [new URL(a).origin] : []));
      const moved = origins(next).some((origin) => !origins(current).includes(origin));
      const credentialDropped = secret === undefined && moved && current.hasCredential;
      if (secret !== undefined) next.hasCredential = true;
      else if (moved) next.hasCredential = false;
      return { ok: true, value: { ...replace(next), credentialDropped } };
    },
    'profiles.remove': (args) => {
      const { profileId } = args as { profileId: string };
      const current = find(profileId);
      if (!current) return notFound(profileId);
      if (current.builtIn === 'demo') {
        return {
          ok: false,
          error: {
            code: 'built_in_readonly',
            message: 'The Demo profile is part of Loupe and cannot be removed.',
          },
        };
      }
      profiles = {
        profiles: profiles.profiles.filter((p) => p.id !== profileId),
        activeProfileId: profiles.activeProfileId === profileId ? null : profiles.activeProfileId,
      };
      return { ok: true, value: profiles };
    },
    'profiles.setCredential': (args) => {
      const { profileId, allowSessionOnly } = args as { profileId: string; allowSessionOnly?: boolean };
      const current = find(profileId);
      if (!current) return notFound(profileId);
      if (!keychainAvailable && allowSessionOnly !== true) return keychainRefusal();
      const profile = replace({ ...current, hasCredential: true });
      return { ok: true, value: { storage: keychainAvailable ? 'keychain' : 'session', profile } };
    },
    'profiles.clearCredential': (args) => {
      const { profileId } = args as { profileId: string };
      const current = find(profileId);
      if (!current) return notFound(profileId);
      return { ok: true, value: replace({ ...current, hasCredential: false }) };
    },
    'profiles.markLooked': (args) => ({
      ok: true,
      value: { profileId: (args as { profileId: string }).profileId },
    }),
    'profiles.keychainStatus': () => ({
      ok: true,
      value: keychainAvailable
        ? { available: true }
        : { available: false, reason: 'No Secret Service on the session bus' },
    }),
    ...overrides,
  };

  const listeners = new Map<
    string,
    { name: StreamName; seq: number; onMessage: (m: StreamMessage) => void }
  >();
  const transport: Transport = {
    call: (name, args) => {
      calls.push({ name, args });
      const refused = scopeRefusal(name, args, (id) => find(id) !== undefined);
      if (refused !== null) return Promise.resolve({ ok: false, error: refused });
      const answer = answers[name];
      return Promise.resolve(
        answer
          ? answer(args)
          : { ok: false, error: { code: 'not_faked', message: `The fake host has no ${name}` } },
      );
    },
    subscribe: (name, subscriptionId, args, onMessage) => {
      const refused = scopeRefusal(name, args, (id) => find(id) !== undefined);
      if (refused !== null) return Promise.resolve({ ok: false, error: refused });
      const listener = { name, seq: 0, onMessage };
      listeners.set(subscriptionId, listener);
      if (name === 'profiles.work') {
        listener.seq = 1;
        onMessage({ type: 'event', subscriptionId, seq: 1, event: { profiles: work } });
      }
      return Promise.resolve({ ok: true, value: null });
    },
    unsubscribe: (subscriptionId) => {
      listeners.delete(subscriptionId);
    },
  };
  const loupe: LoupeApi = buildLoupeApi(transport);

  /** Pushes an event to every open subscription of `name`; returns how many received it. */
  function emit<K extends StreamName>(name: K, event: StreamEvent<K>): number {
    let delivered = 0;
    for (const [subscriptionId, listener] of listeners) {
      if (listener.name !== name) continue;
      listener.seq += 1;
      listener.onMessage({ type: 'event', subscriptionId, seq: listener.seq, event });
      delivered += 1;
    }
    return delivered;
  }

  /** Changes the host's profiles behind the renderer's back (as another window or the CLI would). */
  function setProfiles(next: ProfileList): void {
    profiles = next;
  }

  /** What runs on each profile now: kept for the next subscriber's snapshot and sent to the open ones. */
  function setWork(next: ProfileWork[]): number {
    work = next;
    return emit('profiles.work', { profiles: next });
  }

  return { loupe, calls, emit, setProfiles, setWork, currentProfiles: () => profiles };
}
