import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StreamMessage } from '../../../src-shared/protocol';
import { createContractHandlers } from '../app/contractHandlers';
import { ExternalLinkPolicy } from '../app/externalLinkPolicy';
import { createTestCore, type TestCore } from '../app/testing/testCore';
import { createUploadHandlers } from '../uploads';
import { DomainError } from '../errors';
import { ContractDispatcher, MAX_SUBSCRIPTIONS_PER_OWNER, type ContractHandlers } from './dispatcher';

let core: TestCore;
beforeAll(async () => {
  core = await createTestCore();
});
afterAll(async () => {
  await core.dispose();
});

function handlers(overrides: Partial<ContractHandlers> = {}): ContractHandlers {
  return {
    ...createContractHandlers({
      appInfo: {
        name: 'Loupe',
        version: '1.2.3',
        shell: 'browser',
        platform: 'linux',
        startedAt: new Date().toISOString(),
      },
      profiles: core.profiles,
      vault: core.vault,
      demo: core.demo,
      connections: { test: () => Promise.reject(new Error('not used')) },
      linkPolicy: new ExternalLinkPolicy(['docs.example.com']),
      openExternal: null,
      assets: core.content.handlers,
      uploads: createUploadHandlers(core.uploads, core.grants),
      jobs: core.jobs,
      batches: core.batches,
      store: core.store,
      storeFiles: core.storeFiles,
      library: core.library.handlers,
      assetBytes: core.content.bytes,
      uploadService: core.uploads,
      pickFolder: null,
      exportRoot: null,
      router: core.router,
    }),
    ...overrides,
  };
}

describe('ContractDispatcher calls', () => {
  it('runs a call with valid arguments and returns its value', async () => {
    const dispatcher = new ContractDispatcher(handlers());
    const result = await dispatcher.call('app.info', {});
    expect(result).toMatchObject({ ok: true, value: { name: 'Loupe', version: '1.2.3' } });
  });

  it('hands a handler the caller it was given (the owner streams use), and null when none', async () => {
    const seen: unknown[] = [];
    const dispatcher = new ContractDispatcher(
      handlers({
        'assets.dragOut': (_args, caller) => {
          seen.push(caller);
          return { started: true };
        },
      }),
    );
    const window = {};
    expect(await dispatcher.call('assets.dragOut', { profileId: 'local', assetId: 'a-1' }, window)).toEqual({
      ok: true,
      value: { started: true },
    });
    await dispatcher.call('assets.dragOut', { profileId: 'local', assetId: 'a-1' });
    expect(seen).toEqual([window, null]);
    expect(seen[0]).toBe(window);
  });

  it('refuses unknown call names without running anything', async () => {
    const dispatcher = new ContractDispatcher(handlers());
    expect(await dispatcher.call('app.exec', {})).toEqual({
      ok: false,
      error: { code: 'unknown_call', message: 'No call named app.exec' },
    });
    expect(await dispatcher.call('app.heartbeat', { intervalMs: 100 })).toMatchObject({
      ok: false,
      error: { code: 'unknown_call' },
    });
  });

  it('answers arguments that fail their schema with a typed validation error, before the handler runs', async () => {
    const setActive = vi.fn();
    const dispatcher = new ContractDispatcher(handlers({ 'profiles.setActive': setActive }));
    const result = await dispatcher.call('profiles.setActive', { profileId: 42 });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(!result.ok && result.error.message).toContain('profileId');
    expect(await dispatcher.call('app.info', { extra: true })).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    expect(setActive).not.toHaveBeenCalled();
  });

  it('reports a DomainError as its code and hides other exceptions behind a generic message', async () => {
    const logError = vi.fn();
    const dispatcher = new ContractDispatcher(
      handlers({
        'profiles.list': () => {
          throw new Error('ENOENT /home/secret/path');
        },
      }),
      { logError },
    );
    expect(await dispatcher.call('profiles.setActive', { profileId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    const hidden = await dispatcher.call('profiles.list', {});
    expect(hidden).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(JSON.stringify(hidden)).not.toContain('secret');
    expect(logError).toHaveBeenCalledOnce();
  });

  it('refuses a handler result that breaks the contract instead of passing it on', async () => {
    const logError = vi.fn();
    const broken = (() => ({ profiles: 'not a list' })) as unknown as ContractHandlers['profiles.list'];
    const dispatcher = new ContractDispatcher(handlers({ 'profiles.list': broken }), { logError });
    expect(await dispatcher.call('profiles.list', {})).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
    expect(logError).toHaveBeenCalledOnce();
  });

  it('opens external links only through the allow-list', async () => {
    const dispatcher = new ContractDispatcher(handlers());
    expect(await dispatcher.call('app.openExternal', { url: 'https://docs.example.com/x' })).toEqual({
      ok: true,
      value: { opened: false },
    });
    for (const url of [
      'http://docs.example.com/',
      'file:///etc/passwd',
      'https://evil.example/',
      'https://u:p@docs.example.com/',
    ]) {
      expect(await dispatcher.call('app.openExternal', { url })).toMatchObject({
        ok: false,
        error: { code: 'link_not_allowed' },
      });
    }
  });

  it('maps any error that implements toContractError, such as a DomainError with extra fields', async () => {
    const dispatcher = new ContractDispatcher(
      handlers({
        'profiles.list': () => {
          throw new DomainError('queue_full', 'The queue is full.', { status: 429, retryAfterMs: 3000 });
        },
      }),
    );
    expect(await dispatcher.call('profiles.list', {})).toEqual({
      ok: false,
      error: { code: 'queue_full', message: 'The queue is full.', status: 429, retryAfterMs: 3000 },
    });
  });
});

describe('ContractDispatcher bounds every argument before parsing it', () => {
  const deep = (levels: number): unknown => {
    let value: unknown = 'x';
    for (let i = 0; i < levels; i++) value = { a: value };
    return value;
  };

  it('answers a 100,000-deep argument with a clear error, not a stack overflow', async () => {
    const dispatcher = new ContractDispatcher(handlers());
    const answer = await dispatcher.call('jobs.list', { profileId: 'local', labels: deep(100_000) });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
    expect(!answer.ok && answer.error.message).toContain('nested more than 64 levels deep');
    expect(dispatcher.subscribe({}, 'jobs.watch', 'sub-deep-0001', deep(100_000), vi.fn())).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
  });

  it('answers a workflow file nested 100,000 deep with words, before anything is recorded or sent', async () => {
    // On the local proxy's profile: nothing listens there, and nothing needs to.
    const dispatcher = new ContractDispatcher(handlers());
    const workflowJson = `{"1":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const answer = await dispatcher.call('jobs.submit', { profileId: 'local', workflowJson });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_workflow_json' } });
    expect(!answer.ok && answer.error.message).toContain('nested more than 128 levels deep');
  });
});

describe('ContractDispatcher streams', () => {
  const ID = 'sub-0001-abcd';

  it('numbers events from 1 and stops the producer on unsubscribe', () => {
    let emit: ((n: number) => void) | undefined;
    const stop = vi.fn();
    const dispatcher = new ContractDispatcher(
      handlers({
        'app.heartbeat': (_args, sink) => {
          emit = (beat) => sink.emit({ beat, at: new Date(0).toISOString(), uptimeMs: 0 });
          return stop;
        },
      }),
    );
    const owner = {};
    const received: StreamMessage[] = [];
    expect(
      dispatcher.subscribe(owner, 'app.heartbeat', ID, { intervalMs: 100 }, (m) => received.push(m)),
    ).toEqual({
      ok: true,
      value: null,
    });
    emit?.(0);
    emit?.(1);
    expect(received.map((m) => m.seq)).toEqual([1, 2]);
    expect(dispatcher.activeSubscriptionCount(owner)).toBe(1);
    dispatcher.unsubscribe(owner, ID);
    expect(stop).toHaveBeenCalledOnce();
    emit?.(2);
    expect(received).toHaveLength(2);
    expect(dispatcher.activeSubscriptionCount()).toBe(0);
  });

  it('caps the streams one owner may hold with a typed error; other owners are unaffected', () => {
    const stops: number[] = [];
    const dispatcher = new ContractDispatcher(handlers({ 'app.heartbeat': () => () => stops.push(1) }));
    const flood = {};
    const send = vi.fn();
    const ids = Array.from(
      { length: MAX_SUBSCRIPTIONS_PER_OWNER + 50 },
      (_, i) => `flood-${String(i).padStart(6, '0')}`,
    );
    const answers = ids.map((id) =>
      dispatcher.subscribe(flood, 'app.heartbeat', id, { intervalMs: 1000 }, send),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(MAX_SUBSCRIPTIONS_PER_OWNER);
    expect(answers.at(-1)).toMatchObject({ ok: false, error: { code: 'too_many_subscriptions' } });
    expect(dispatcher.activeSubscriptionCount(flood)).toBe(MAX_SUBSCRIPTIONS_PER_OWNER);
    expect(dispatcher.subscribe({}, 'app.heartbeat', ID, { intervalMs: 1000 }, send)).toMatchObject({
      ok: true,
    });
    // Closing one makes room for one.
    dispatcher.unsubscribe(flood, ids[0]!);
    expect(dispatcher.subscribe(flood, 'app.heartbeat', ID, { intervalMs: 1000 }, send)).toMatchObject({
      ok: true,
    });
    dispatcher.disposeOwner(flood);
    expect(dispatcher.activeSubscriptionCount(flood)).toBe(0);
  });

  it('refuses bad stream arguments, bad ids, duplicate ids and unknown streams', () => {
    const dispatcher = new ContractDispatcher(handlers());
    const owner = {};
    const send = vi.fn();
    expect(dispatcher.subscribe(owner, 'app.heartbeat', ID, { intervalMs: 1 }, send)).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    expect(dispatcher.subscribe(owner, 'app.heartbeat', 'x', { intervalMs: 100 }, send)).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    expect(dispatcher.subscribe(owner, 'app.info', ID, {}, send)).toMatchObject({
      ok: false,
      error: { code: 'unknown_call' },
    });
    expect(dispatcher.subscribe(owner, 'app.heartbeat', ID, { intervalMs: 100 }, send).ok).toBe(true);
    expect(dispatcher.subscribe(owner, 'app.heartbeat', ID, { intervalMs: 100 }, send)).toMatchObject({
      ok: false,
      error: { code: 'invalid_arguments' },
    });
    dispatcher.disposeOwner(owner);
  });

  it('keeps owners apart and stops everything an owner had when it goes away', () => {
    const stops: ReturnType<typeof vi.fn>[] = [];
    const dispatcher = new ContractDispatcher(
      handlers({
        'app.heartbeat': () => {
          const stop = vi.fn();
          stops.push(stop);
          return stop;
        },
      }),
    );
    const a = {};
    const b = {};
    dispatcher.subscribe(a, 'app.heartbeat', 'aaaaaaaa-1', { intervalMs: 100 }, vi.fn());
    dispatcher.subscribe(a, 'app.heartbeat', 'aaaaaaaa-2', { intervalMs: 100 }, vi.fn());
    dispatcher.subscribe(b, 'app.heartbeat', 'aaaaaaaa-1', { intervalMs: 100 }, vi.fn());
    dispatcher.unsubscribe(b, 'aaaaaaaa-2');
    expect(stops.filter((s) => s.mock.calls.length > 0)).toHaveLength(0);
    dispatcher.disposeOwner(a);
    expect(stops.map((s) => s.mock.calls.length)).toEqual([1, 1, 0]);
    expect(dispatcher.activeSubscriptionCount(b)).toBe(1);
  });

  it('sends an end message with the error when the producer ends the stream', () => {
    const dispatcher = new ContractDispatcher(
      handlers({
        'app.heartbeat': (_args, sink) => {
          sink.emit({ beat: 0, at: new Date(0).toISOString(), uptimeMs: 0 });
          sink.end({ code: 'profile_changed', message: 'The active profile changed.' });
          return () => undefined;
        },
      }),
    );
    const received: StreamMessage[] = [];
    dispatcher.subscribe({}, 'app.heartbeat', ID, { intervalMs: 100 }, (m) => received.push(m));
    expect(received).toEqual([
      expect.objectContaining({ type: 'event', seq: 1 }),
      {
        type: 'end',
        subscriptionId: ID,
        seq: 2,
        error: { code: 'profile_changed', message: 'The active profile changed.' },
      },
    ]);
    expect(dispatcher.activeSubscriptionCount()).toBe(0);
  });

  it('drops events that break the contract rather than forwarding them', () => {
    const logError = vi.fn();
    const dispatcher = new ContractDispatcher(
      handlers({
        'app.heartbeat': (_args, sink) => {
          sink.emit({ beat: -1, at: 'x', uptimeMs: 0 });
          return () => undefined;
        },
      }),
      { logError },
    );
    const send = vi.fn();
    dispatcher.subscribe({}, 'app.heartbeat', ID, { intervalMs: 100 }, send);
    expect(send).not.toHaveBeenCalled();
    expect(logError).toHaveBeenCalledOnce();
  });
});
