// The only surface between the renderer and main (ARCHITECTURE.md, rule 1).
// Every call has a zod schema for its arguments and one for its result; every event stream has a schema for
// its arguments and one for its events. Main validates arguments with these same schemas before it runs
// anything; the preload and the browser-shell transport build `window.loupe` from the names listed here.
// Each domain keeps its entries in src-shared/contracts/<domain>.ts; this file joins them.
import type { z } from 'zod';
import type { CallSpec, StreamSpec } from './contractKit';
import { appContract } from './contracts/app';
import { assetsContract } from './contracts/assets';
import { batchesContract } from './contracts/batches';
import { jobsContract } from './contracts/jobs';
import { loopContract } from './contracts/loop';
import { libraryContract } from './contracts/library';
import { modelsContract } from './contracts/models';
import { profilesContract } from './contracts/profiles';
import { storeContract } from './contracts/store';
import { uploadsContract } from './contracts/uploads';

export * from './contracts/app';
export * from './contracts/assets';
export * from './contracts/batches';
export * from './contracts/jobs';
export * from './contracts/loop';
export * from './contracts/library';
export * from './contracts/models';
export * from './contracts/profiles';
export * from './contracts/store';
export * from './contracts/uploads';
export type { CallSpec, StreamSpec } from './contractKit';

export const contract = {
  ...appContract,
  ...profilesContract,
  ...jobsContract,
  ...loopContract,
  ...assetsContract,
  ...libraryContract,
  ...uploadsContract,
  ...batchesContract,
  ...modelsContract,
  ...storeContract,
} as const;

export type Contract = typeof contract;
export type ContractName = keyof Contract;

export type CallName = {
  [K in ContractName]: Contract[K] extends CallSpec<z.ZodType, z.ZodType> ? K : never;
}[ContractName];
export type StreamName = {
  [K in ContractName]: Contract[K] extends StreamSpec<z.ZodType, z.ZodType> ? K : never;
}[ContractName];

export type CallArgs<K extends CallName> = z.input<Contract[K]['args']>;
export type ParsedCallArgs<K extends CallName> = z.output<Contract[K]['args']>;
export type CallResultValue<K extends CallName> = z.output<Contract[K]['result']>;

type StreamSpecOf<K extends StreamName> = Extract<Contract[K], { kind: 'stream' }>;
export type StreamArgs<K extends StreamName> = z.input<StreamSpecOf<K>['args']>;
export type ParsedStreamArgs<K extends StreamName> = z.output<StreamSpecOf<K>['args']>;
export type StreamEvent<K extends StreamName> = z.output<StreamSpecOf<K>['event']>;

export const callNames = Object.keys(contract).filter(
  (name): name is CallName => contract[name as ContractName].kind === 'call',
);
export const streamNames = Object.keys(contract).filter(
  (name): name is StreamName => contract[name as ContractName].kind === 'stream',
);

export function isCallName(name: string): name is CallName {
  return (callNames as readonly string[]).includes(name);
}

export function isStreamName(name: string): name is StreamName {
  return (streamNames as readonly string[]).includes(name);
}
