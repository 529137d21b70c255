// core/router: the Router for any profile (catalogue, model detail and schemas, runs kept in the store, cancel,
// spend, saved media), built on core/api's RouterClient.
export {
  RouterService,
  type CallSignal,
  type RouterServiceDeps,
  type RouterTuning,
  type RouterUpdate,
} from './routerService';
export type { NewRun } from './runCommands';
export type { MediaFile } from './mediaFiles';
export type { QueueWatchConfig } from './queueWatcher';
