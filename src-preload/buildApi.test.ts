import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { buildLoupeApi, type LoupeApi, type Subscription, type Transport } from './buildApi';
import {
  callNames,
  contract,
  streamNames,
  type AppInfo,
  type Heartbeat,
  type ProfileList,
} from '../src-shared/contract';
import type { CallResult, StreamMessage } from '../src-shared/protocol';

function fakeTransport() {
  const calls: { name: string; args: unknown }[] = [];
  let onMessage: ((message: StreamMessage) => void) | undefined;
  let answerSubscribe: CallResult<null> = { ok: true, value: null };
  const unsubscribe = vi.fn();
  const transport: Transport = {
    call: (name, args) => {
      calls.push({ name, args });
      return Promise.resolve({ ok: true, value: { echoed: name } });
    },
    subscribe: (_name, _id, _args, listener) => {
      onMessage = listener;
      return Promise.resolve(answerSubscribe);
    },
    unsubscribe,
  };
  return {
    transport,
    calls,
    unsubscribe,
    push: (message: StreamMessage) => onMessage?.(message),
    refuseSubscriptions: () => {
      answerSubscribe = { ok: false, error: { code: 'invalid_arguments', message: 'bad' } };
    },
  };
}

describe('the typed channel map', () => {
  it('gives every call its argument and result types, and every stream its event type', () => {
    expectTypeOf<LoupeApi['app']['info']>().returns.resolves.toEqualTypeOf<CallResult<AppInfo>>();
    expectTypeOf<LoupeApi['profiles']['setActive']>().parameter(0).toEqualTypeOf<{ profileId: string }>();
    expectTypeOf<LoupeApi['profiles']['list']>().returns.resolves.toEqualTypeOf<CallResult<ProfileList>>();
    expectTypeOf<LoupeApi['app']['heartbeat']>().parameter(0).toEqualTypeOf<{ intervalMs: number }>();
    expectTypeOf<
      Parameters<Parameters<LoupeApi['app']['heartbeat']>[1]['onEvent']>[0]
    >().toEqualTypeOf<Heartbeat>();
    expectTypeOf<LoupeApi['app']['heartbeat']>().returns.toEqualTypeOf<Subscription>();
    // @ts-expect-error: there is no generic invoke on the API.
    expectTypeOf<LoupeApi['invoke']>().toBeUnknown();
  });

  it('lists every contract entry exactly once as a call or a stream', () => {
    expect([...callNames, ...streamNames].sort()).toEqual(Object.keys(contract).sort());
  });
});

describe('buildLoupeApi', () => {
  it('builds a domain-shaped object whose methods call by name with empty args by default', async () => {
    const fake = fakeTransport();
    const api = buildLoupeApi(fake.transport);
    expect(Object.keys(api).sort()).toEqual(
      [...new Set(Object.keys(contract).map((name) => name.split('.')[0]))].sort(),
    );
    expect(Object.keys(api)).toContain('jobs');
    await api.app.info();
    await api.profiles.setActive({ profileId: 'demo' });
    expect(fake.calls).toEqual([
      { name: 'app.info', args: {} },
      { name: 'profiles.setActive', args: { profileId: 'demo' } },
    ]);
  });

  it('delivers stream events in sequence, drops stale or repeated ones, and ends once', () => {
    const fake = fakeTransport();
    const api = buildLoupeApi(fake.transport);
    const events: number[] = [];
    const onEnd = vi.fn();
    const subscription = api.app.heartbeat(
      { intervalMs: 100 },
      { onEvent: (beat) => events.push(beat.beat), onEnd },
    );
    const beat = (seq: number, n: number): StreamMessage => ({
      type: 'event',
      subscriptionId: subscription.id,
      seq,
      event: { beat: n, at: '', uptimeMs: 0 },
    });
    fake.push(beat(1, 10));
    fake.push(beat(3, 30));
    fake.push(beat(2, 20));
    fake.push(beat(3, 30));
    fake.push({ type: 'end', subscriptionId: subscription.id, seq: 4 });
    fake.push(beat(5, 50));
    expect(events).toEqual([10, 30]);
    expect(onEnd).toHaveBeenCalledOnce();
  });

  it('reports a refused subscription through onEnd with the error', async () => {
    const fake = fakeTransport();
    fake.refuseSubscriptions();
    const onEnd = vi.fn();
    const subscription = buildLoupeApi(fake.transport).app.heartbeat(
      { intervalMs: 100 },
      { onEvent: vi.fn(), onEnd },
    );
    expect(await subscription.ready).toMatchObject({ ok: false });
    expect(onEnd).toHaveBeenCalledWith({ code: 'invalid_arguments', message: 'bad' });
  });

  it('unsubscribes through the transport once', () => {
    const fake = fakeTransport();
    const subscription = buildLoupeApi(fake.transport).app.heartbeat(
      { intervalMs: 100 },
      { onEvent: vi.fn() },
    );
    subscription.unsubscribe();
    subscription.unsubscribe();
    expect(fake.unsubscribe).toHaveBeenCalledTimes(1);
  });
});
