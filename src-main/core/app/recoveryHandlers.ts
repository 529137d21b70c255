// The contract while the store cannot be used: the page learns what happened (store.status) and what it may
// do (store.recover); app.info and the heartbeat still answer, so the page can tell its host is alive; every
// other call and stream answers with the damage's code and words. Nothing here reads the store.
import { callNames, streamNames, type AppInfo, type StoreStatus } from '../../../src-shared/contract';
import type { ContractHandlers } from '../rpc/dispatcher';
import { StoreUnusableError, type StoreDamage } from '../store/health';
import { startHeartbeat } from './heartbeat';
import type { StoreHandlers } from './storeHandlers';

export interface RecoveryDeps {
  appInfo: AppInfo;
  damage: StoreDamage;
  /** store.recover: does the action and answers with the status after it. */
  recover: StoreHandlers['store.recover'];
}

export function unusableStatus(damage: StoreDamage): StoreStatus {
  return { state: 'unusable', damage };
}

export function createRecoveryHandlers(deps: RecoveryDeps): ContractHandlers {
  const refuse = (): never => {
    throw new StoreUnusableError(deps.damage);
  };
  // Every name refuses first; the few that work without a store are set over them below.
  const handlers: Record<string, unknown> = {};
  for (const name of [...callNames, ...streamNames]) handlers[name] = refuse;
  const startedAtMs = Date.parse(deps.appInfo.startedAt);
  const working: Pick<ContractHandlers, 'app.info' | 'app.heartbeat' | 'store.status' | 'store.recover'> = {
    'app.info': () => deps.appInfo,
    'app.heartbeat': ({ intervalMs }, sink) => startHeartbeat(intervalMs, sink, startedAtMs),
    'store.status': () => unusableStatus(deps.damage),
    'store.recover': deps.recover,
  };
  return { ...(handlers as unknown as ContractHandlers), ...working };
}
