// Runs contract calls and event streams for any transport (Electron IPC, the browser shell's WebSocket).
// Every argument is parsed with the contract's own schema before a handler sees it; unknown names are
// refused; every result is checked against its schema so a handler bug surfaces here, not in the renderer.
import {
  contract,
  isCallName,
  isStreamName,
  type CallName,
  type CallResultValue,
  type ParsedCallArgs,
  type ParsedStreamArgs,
  type StreamEvent,
  type StreamName,
} from '../../../src-shared/contract';
import {
  subscriptionIdSchema,
  type CallResult,
  type ContractError,
  type StreamMessage,
} from '../../../src-shared/protocol';
import type { z } from 'zod';
import { CONTRACT_ARGUMENT_LIMITS, checkJsonBounds } from '../../../src-shared/jsonBounds';
import { toContractError } from './toContractError';
import { describeIssues } from './describeIssues';

export interface StreamSink<E> {
  emit(event: E): void;
  end(error?: ContractError): void;
}

/** Who made a call: the same opaque owner streams use (the WebContents in Electron, the connection's owner in
 * the browser shell), or null when no window made it (tests, the CLI). Most handlers ignore it; one that acts
 * on the calling window (assets.dragOut) hands it back to the host that knows what it is. */
export type CallCaller = SubscriptionOwner | null;

export type CallHandlers = {
  [K in CallName]: (
    args: ParsedCallArgs<K>,
    caller?: CallCaller,
  ) => Promise<CallResultValue<K>> | CallResultValue<K>;
};
/** A stream handler starts producing into the sink and returns a function that stops it. */
export type StreamHandlers = {
  [K in StreamName]: (args: ParsedStreamArgs<K>, sink: StreamSink<StreamEvent<K>>) => () => void;
};
export type ContractHandlers = CallHandlers & StreamHandlers;

/** Who owns a set of subscriptions: one renderer (webContents) or one WebSocket connection. */
export type SubscriptionOwner = object;

interface ActiveSubscription {
  /** False once unsubscribed, disposed or ended: a late emit from the producer is dropped. */
  open: boolean;
  stop: () => void;
}

export interface DispatcherOptions {
  logError?: (message: string, error: unknown) => void;
  /** Streams one window or connection may hold open at once (default MAX_SUBSCRIPTIONS_PER_OWNER). */
  maxSubscriptionsPerOwner?: number;
  /**
   * Whether a profile exists: a call or stream made on a profile (its spec's `scope`) that names one that does
   * not is refused before its handler runs. Absent: every named profile is taken as existing (tests).
   */
  profileExists?: (profileId: string) => boolean;
}

/**
 * The app holds a few dozen streams at most (a watched job per open detail, one per upload batch, the list
 * feeds); far beyond that is a page gone wrong or hostile, and every stream costs main a producer.
 */
export const MAX_SUBSCRIPTIONS_PER_OWNER = 256;

function profileNotFound(profileId: string): ContractError {
  return {
    code: 'profile_not_found',
    message: `There is no profile ${profileId}. It may have been removed; choose another.`,
  };
}

/** The profile a scoped call names (its schema has checked it is a plain id). */
function scopeOf(spec: { scope?: 'profile' }, args: unknown): string | null {
  if (spec.scope !== 'profile' || typeof args !== 'object' || args === null || !('profileId' in args))
    return null;
  return typeof args.profileId === 'string' ? args.profileId : null;
}

function invalidArguments(name: string, issues: string): ContractError {
  return { code: 'invalid_arguments', message: `Invalid arguments for ${name}: ${issues}` };
}

/** The schema's verdict, once the value is known to be small and shallow enough to give to a parser. */
function parseArgs<T>(name: string, schema: z.ZodType<T>, raw: unknown): CallResult<T> {
  const bounds = checkJsonBounds(raw, CONTRACT_ARGUMENT_LIMITS);
  if (!bounds.ok) return { ok: false, error: invalidArguments(name, `refused because ${bounds.reason}`) };
  const parsed = schema.safeParse(raw);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: invalidArguments(name, describeIssues(parsed.error)) };
}

export class ContractDispatcher {
  private readonly subscriptions = new Map<SubscriptionOwner, Map<string, ActiveSubscription>>();
  private readonly logError: (message: string, error: unknown) => void;
  private readonly maxSubscriptionsPerOwner: number;
  private readonly profileExists: (profileId: string) => boolean;

  constructor(
    private readonly handlers: ContractHandlers,
    options: DispatcherOptions = {},
  ) {
    this.logError = options.logError ?? ((message, error) => console.error(message, error));
    this.maxSubscriptionsPerOwner = options.maxSubscriptionsPerOwner ?? MAX_SUBSCRIPTIONS_PER_OWNER;
    this.profileExists = options.profileExists ?? (() => true);
  }

  async call(name: string, rawArgs: unknown, caller: CallCaller = null): Promise<CallResult<unknown>> {
    if (!isCallName(name))
      return { ok: false, error: { code: 'unknown_call', message: `No call named ${name}` } };
    const spec = contract[name];
    const parsed = parseArgs<unknown>(name, spec.args, rawArgs);
    if (!parsed.ok) return parsed;
    const profileId = scopeOf(spec, parsed.value);
    if (profileId !== null && !this.profileExists(profileId))
      return { ok: false, error: profileNotFound(profileId) };
    try {
      const handler = this.handlers[name] as (args: unknown, caller: CallCaller) => unknown;
      const value = await handler(parsed.value, caller);
      const checked = spec.result.safeParse(value);
      if (!checked.success) {
        this.logError(`Result of ${name} broke its contract: ${describeIssues(checked.error)}`, value);
        return {
          ok: false,
          error: { code: 'internal', message: `Loupe produced an invalid answer to ${name}.` },
        };
      }
      return { ok: true, value: checked.data };
    } catch (error) {
      return { ok: false, error: toContractError(error, (e) => this.logError(`Call ${name} failed`, e)) };
    }
  }

  subscribe(
    owner: SubscriptionOwner,
    name: string,
    subscriptionId: unknown,
    rawArgs: unknown,
    send: (message: StreamMessage) => void,
  ): CallResult<null> {
    if (!isStreamName(name))
      return { ok: false, error: { code: 'unknown_call', message: `No stream named ${name}` } };
    const id = subscriptionIdSchema.safeParse(subscriptionId);
    if (!id.success) return { ok: false, error: invalidArguments(name, 'malformed subscription id') };
    const owned = this.subscriptions.get(owner) ?? new Map<string, ActiveSubscription>();
    if (owned.has(id.data))
      return { ok: false, error: invalidArguments(name, 'subscription id already in use') };
    if (owned.size >= this.maxSubscriptionsPerOwner) {
      return {
        ok: false,
        error: {
          code: 'too_many_subscriptions',
          message: `This window already has ${owned.size} open streams; close some before opening more.`,
        },
      };
    }
    const spec = contract[name];
    const parsed = parseArgs<unknown>(name, spec.args, rawArgs);
    if (!parsed.ok) return parsed;
    const profileId = scopeOf(spec, parsed.value);
    if (profileId !== null && !this.profileExists(profileId))
      return { ok: false, error: profileNotFound(profileId) };

    let seq = 0;
    const subscription: ActiveSubscription = { open: true, stop: () => undefined };
    const close = (): void => {
      subscription.open = false;
      owned.delete(id.data);
      if (owned.size === 0) this.subscriptions.delete(owner);
    };
    const sink: StreamSink<unknown> = {
      emit: (event) => {
        if (!subscription.open) return;
        const checked = spec.event.safeParse(event);
        if (!checked.success) {
          this.logError(`Event of ${name} broke its contract: ${describeIssues(checked.error)}`, event);
          return;
        }
        send({ type: 'event', subscriptionId: id.data, seq: ++seq, event: checked.data });
      },
      end: (error) => {
        if (!subscription.open) return;
        close();
        subscription.stop();
        send({ type: 'end', subscriptionId: id.data, seq: ++seq, ...(error ? { error } : {}) });
      },
    };
    owned.set(id.data, subscription);
    this.subscriptions.set(owner, owned);
    try {
      const handler = this.handlers[name] as (args: unknown, sink: StreamSink<unknown>) => () => void;
      const stop = handler(parsed.value, sink);
      if (subscription.open) subscription.stop = stop;
      else stop();
    } catch (error) {
      close();
      return { ok: false, error: toContractError(error, (e) => this.logError(`Stream ${name} failed`, e)) };
    }
    return { ok: true, value: null };
  }

  unsubscribe(owner: SubscriptionOwner, subscriptionId: string): void {
    const owned = this.subscriptions.get(owner);
    const subscription = owned?.get(subscriptionId);
    if (!owned || !subscription) return;
    owned.delete(subscriptionId);
    if (owned.size === 0) this.subscriptions.delete(owner);
    subscription.open = false;
    subscription.stop();
  }

  /** Stop every stream of a renderer or connection that went away. */
  disposeOwner(owner: SubscriptionOwner): void {
    const owned = this.subscriptions.get(owner);
    if (!owned) return;
    this.subscriptions.delete(owner);
    for (const subscription of owned.values()) {
      subscription.open = false;
      subscription.stop();
    }
  }

  activeSubscriptionCount(owner?: SubscriptionOwner): number {
    if (owner) return this.subscriptions.get(owner)?.size ?? 0;
    let total = 0;
    for (const owned of this.subscriptions.values()) total += owned.size;
    return total;
  }
}
