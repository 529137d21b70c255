// Public surface of core/watch: the per-profile job watcher, its budget settings, and the bench.
export { JobWatcher, type JobWatcherDeps, type WatchOptions } from './jobWatcher';
export { defaultWatchConfig, type WatchConfig } from './config';
export { systemTimers, type WatchTimers, type TimerHandle } from './timers';
export {
  benchWatcher,
  runWatcherScenario,
  type BenchFigure,
  type BenchSimulator,
  type BenchSimulatorOptions,
  type WatcherScenarioOptions,
  type WatcherScenarioResult,
} from './bench';
