// Builds the domain-shaped `window.loupe` (loupe.jobs.get(…), loupe.app.heartbeat(…)) from the contract's
// names over any transport. The Electron preload and the browser shell use this same builder, so the renderer
// cannot tell which transport carries it. There is deliberately no generic invoke(channel).
import {
  callNames,
  streamNames,
  type CallArgs,
  type CallName,
  type CallResultValue,
  type ContractName,
  type StreamArgs,
  type StreamEvent,
  type StreamName,
} from '../src-shared/contract';
import type { CallResult, ContractError, StreamMessage } from '../src-shared/protocol';

export interface Transport {
  call(name: CallName, args: unknown): Promise<CallResult<unknown>>;
  subscribe(
    name: StreamName,
    subscriptionId: string,
    args: unknown,
    onMessage: (message: StreamMessage) => void,
  ): Promise<CallResult<null>>;
  unsubscribe(subscriptionId: string): void;
}

export interface StreamHandlers<E> {
  onEvent(event: E): void;
  /** Called once when the stream ends: by the host, by a refused subscription, or a lost transport. */
  onEnd?(error?: ContractError): void;
}

export interface Subscription {
  readonly id: string;
  /** Settles when the host has accepted (ok) or refused (error) the subscription. */
  readonly ready: Promise<CallResult<null>>;
  unsubscribe(): void;
}

type CallMethod<K extends CallName> =
  Record<string, never> extends CallArgs<K>
    ? (args?: CallArgs<K>) => Promise<CallResult<CallResultValue<K>>>
    : (args: CallArgs<K>) => Promise<CallResult<CallResultValue<K>>>;

type StreamMethod<K extends StreamName> = (
  args: StreamArgs<K>,
  handlers: StreamHandlers<StreamEvent<K>>,
) => Subscription;

type NamespaceOf<K> = K extends `${infer N}.${string}` ? N : never;
export type Namespace = NamespaceOf<ContractName>;

export type LoupeApi = {
  [N in Namespace]: {
    [K in ContractName as K extends `${N}.${infer M}` ? M : never]: K extends CallName
      ? CallMethod<K>
      : K extends StreamName
        ? StreamMethod<K>
        : never;
  };
};

function splitName(name: string): [string, string] {
  const dot = name.indexOf('.');
  return [name.slice(0, dot), name.slice(dot + 1)];
}

export function newSubscriptionId(): string {
  return globalThis.crypto.randomUUID();
}

function openStream(
  transport: Transport,
  name: StreamName,
  args: unknown,
  handlers: StreamHandlers<unknown>,
): Subscription {
  const id = newSubscriptionId();
  let lastSeq = 0;
  let ended = false;
  const end = (error?: ContractError): void => {
    if (ended) return;
    ended = true;
    handlers.onEnd?.(error);
  };
  const ready = transport
    .subscribe(name, id, args, (message) => {
      // Sequence numbers make duplicates and reordering visible; drop anything not newer than the last.
      if (ended || message.seq <= lastSeq) return;
      lastSeq = message.seq;
      if (message.type === 'event') handlers.onEvent(message.event);
      else end(message.error);
    })
    .then((result) => {
      if (!result.ok) end(result.error);
      return result;
    });
  return {
    id,
    ready,
    unsubscribe: () => {
      if (ended) return;
      ended = true;
      transport.unsubscribe(id);
    },
  };
}

export function buildLoupeApi(transport: Transport): LoupeApi {
  const api: Record<string, Record<string, unknown>> = {};
  const namespace = (name: string): Record<string, unknown> => {
    const [ns] = splitName(name);
    api[ns] ??= {};
    return api[ns];
  };
  for (const name of callNames) {
    namespace(name)[splitName(name)[1]] = (args?: unknown) => transport.call(name, args ?? {});
  }
  for (const name of streamNames) {
    namespace(name)[splitName(name)[1]] = (args: unknown, handlers: StreamHandlers<unknown>) =>
      openStream(transport, name, args, handlers);
  }
  // The mapped type above is exactly the shape built here, entry by entry from the same names.
  return api as LoupeApi;
}
