// Core as the two windowed hosts (Electron, the browser shell) run it: one dispatcher, one asset route and
// one upload route for the whole launch, answered by core when its store can be used and by the recovery
// handlers when it cannot. The page then shows the damage and its actions; an action that works (start
// fresh, restore a backup, keep what is left, or a check that now passes) builds core and swaps it in, with
// no restart and no new link. Damage found while running (a damaged page under a read) swaps the other way.
import { randomBytes } from 'node:crypto';
import type { StoreStatus } from '../../../src-shared/contract';
import type { AssetResponderLike } from '../content';
import { DomainError } from '../errors';
import type { BridgeHandlers } from '../rpc/bridgeCalls';
import { ContractDispatcher, type ContractHandlers } from '../rpc/dispatcher';
import { isStoreError } from '../store';
import {
  damageFromStoreError,
  isStoreUnusable,
  newestBackup,
  recoverDamage,
  scheduleDailyBackups,
  storeFilesIn,
  StoreUnusableError,
  type Recovery,
  type RecoveryAction,
  type StoreDamage,
} from '../store/health';
import type { BytesReceiver } from '../uploads';
import { createCore, type CoreOptions, type LoupeCore } from './createCore';
import { createRecoveryHandlers, unusableStatus } from './recoveryHandlers';
import { nothingToRecover } from './storeHandlers';
import { switchingHandlers, type SwitchingHandlers } from './switchingHandlers';

export interface HostedCore {
  dispatcher: ContractDispatcher;
  /** The asset and upload routes' secret for this launch (the same whichever core answers). */
  capability: string;
  assetResponder: AssetResponderLike;
  uploadReceiver: BytesReceiver;
  bridge: BridgeHandlers;
  /** The running engine; null while the store cannot be used. */
  current(): LoupeCore | null;
  /** Settles once the start's warm-up search has run (it never rejects). */
  warmedUp: Promise<void>;
  /** What is wrong with the store; null while it is in use. */
  damage(): StoreDamage | null;
  close(): Promise<void>;
}

const unavailableReply = {
  status: 503,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: null,
};

/**
 * One small library search through the dispatcher as the host starts, while the window is still loading its
 * code: the first search a window sends (the Library opens on one) then finds its statements prepared, its
 * schemas' checks compiled and the indexes' first pages read, which cost it some 150 ms on a cold start. Read
 * only; its answer, or its error (a store that cannot be used), is dropped.
 */
async function warmUp(dispatcher: ContractDispatcher): Promise<void> {
  await dispatcher.call('library.search', { limit: 1 }).catch(() => undefined);
}

export async function startHostedCore(options: CoreOptions): Promise<HostedCore> {
  const files = storeFilesIn(options.dataDir);
  const capability = options.capability ?? randomBytes(24).toString('base64url');
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
  let core: LoupeCore | null = null;
  let damage: StoreDamage | null = null;
  let recovered: Recovery | null = null;
  let stopBackups: (() => void) | null = null;
  let recovering: Promise<StoreStatus> | null = null;

  const okStatus = (): StoreStatus => ({
    state: 'ok',
    path: files.database,
    newestBackup: newestBackup(files),
    recovered:
      recovered === null ? null : { setAside: recovered.setAside, restoredFrom: recovered.restoredFrom },
  });

  /** The handlers for what an open found: core's own (with this launch's store.*), or the recovery set. */
  const handlersFor = (opened: LoupeCore | StoreDamage): ContractHandlers => {
    if ('kind' in opened)
      return createRecoveryHandlers({ appInfo: options.appInfo, damage: opened, recover });
    return {
      ...opened.handlers,
      'store.status': okStatus,
      'store.recover': () => {
        throw nothingToRecover('Loupe’s data file is fine: there is nothing to recover.');
      },
    };
  };

  /** Builds core on the store, or learns what is wrong with it; either way the result is now current. */
  const open = async (): Promise<LoupeCore | StoreDamage> => {
    let opened: LoupeCore | StoreDamage;
    try {
      opened = await createCore({ ...options, capability });
      core = opened;
      damage = null;
      if (options.headless !== true) stopBackups ??= scheduleDailyBackups(files, { logError });
    } catch (error) {
      if (!isStoreUnusable(error)) throw error;
      opened = error.damage;
      damage = opened;
    }
    switcher?.use(handlersFor(opened));
    return opened;
  };

  const enterRecovery = (found: StoreDamage): void => {
    damage = found;
    // No daily copies of a damaged store (they would push the good ones out of the newest three).
    stopBackups?.();
    stopBackups = null;
    switcher?.use(handlersFor(found));
  };

  /** Damage met by a call while running: the store is closed and the page is sent to the damage screen. */
  const onCallError = (error: unknown): void => {
    if (core === null || !isStoreError(error, 'store_damaged')) return;
    const found = damageFromStoreError(files, error);
    if (found === null) return;
    const closing = core;
    core = null;
    enterRecovery(found.damage);
    closing.close().catch((closeError: unknown) => logError('Closing the damaged store failed', closeError));
  };

  async function runRecovery(action: RecoveryAction): Promise<StoreStatus> {
    const current = damage;
    if (current === null) throw nothingToRecover('Loupe’s data file is fine: there is nothing to recover.');
    const recovery = recoverDamage(files, current, action, new Date());
    await open();
    if (damage === null) recovered = action === 'check_again' ? recovered : recovery;
    return damage === null ? okStatus() : unusableStatus(damage);
  }

  // One recovery at a time: a second click waits for the first and then finds the store already fine.
  function recover({ action }: { action: RecoveryAction }): Promise<StoreStatus> {
    const previous = recovering ?? Promise.resolve(null);
    const next = previous.catch(() => null).then(() => runRecovery(action));
    recovering = next;
    return next;
  }

  // Assigned once the first open has run: no call can arrive before startHostedCore returns.
  let switcher: SwitchingHandlers | null = null;
  switcher = switchingHandlers(handlersFor(await open()), onCallError);
  const unusable = (): StoreUnusableError | DomainError =>
    damage === null ? new DomainError('internal', 'Loupe is not ready.') : new StoreUnusableError(damage);

  const dispatcher = new ContractDispatcher(switcher.handlers, { logError });
  return {
    dispatcher,
    warmedUp: warmUp(dispatcher),
    capability,
    assetResponder: {
      respond: (request) =>
        core === null ? Promise.resolve(unavailableReply) : core.content.responder.respond(request),
    },
    uploadReceiver: {
      receive: (delivery) =>
        core === null ? Promise.reject(unusable()) : core.uploads.bytes.receive(delivery),
    },
    bridge: {
      'files.grantDropped': (args, caller) =>
        core === null ? Promise.reject(unusable()) : core.bridge['files.grantDropped'](args, caller),
    },
    current: () => core,
    damage: () => damage,
    close: async () => {
      stopBackups?.();
      const closing = core;
      core = null;
      await closing?.close();
    },
  };
}
