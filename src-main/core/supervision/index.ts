export { Supervisor, consoleSupervisor, type LogError, type TaskFailure } from './supervisor';
export { installProcessGuards, type ProcessGuards } from './processGuards';
