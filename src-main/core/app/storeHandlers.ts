// store.* while the store is in use: its status, and a refusal to "recover" a store that is fine. The refusal
// matters: store.recover moves the data file aside, and a caller of the contract is not trusted (rule 10).
import type { CallHandlers } from '../rpc/dispatcher';
import { DomainError } from '../errors';
import { newestBackup, type StoreFiles } from '../store/health';

export type StoreHandlers = Pick<CallHandlers, 'store.status' | 'store.recover'>;

export function nothingToRecover(message: string): DomainError {
  return new DomainError('nothing_to_recover', message);
}

export function createStoreHandlers(files: StoreFiles): StoreHandlers {
  return {
    'store.status': () => ({
      state: 'ok',
      path: files.database,
      newestBackup: newestBackup(files),
      recovered: null,
    }),
    'store.recover': () => {
      throw nothingToRecover('Loupe’s data file is fine: there is nothing to recover.');
    },
  };
}
