// Public surface of core/watch: the per-profile job watcher and its budget settings (its
// benchmark is bench/core/watcherBench.ts).
export { JobWatcher, type JobWatcherDeps, type WatchOptions } from './jobWatcher';
export { defaultWatchConfig, type WatchConfig } from './config';
export { systemTimers, type WatchTimers, type TimerHandle } from './timers';
