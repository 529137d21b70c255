import type { ConnectionReport } from '../../src-shared/contract';
import type { CallResult } from '../../src-shared/protocol';

export function report(overrides: Partial<ConnectionReport> = {}): ConnectionReport {
  return {
    profileId: 'local',
    checkedAt: '2030-01-02T03:04:05.000Z',
    reachable: true,
    credentialAccepted: null,
    capabilities: { listsJobs: true, capturesLogs: false, streamsEvents: null, router: false },
    latencyMs: 42,
    problem: null,
    ...overrides,
  };
}

export const UNREACHABLE = (profileId: string): ConnectionReport =>
  report({
    profileId,
    reachable: false,
    credentialAccepted: null,
    capabilities: { listsJobs: null, capturesLogs: null, streamsEvents: null, router: null },
    latencyMs: null,
    problem: {
      code: 'connection_refused',
      message: 'Nothing answered at 127.0.0.1:8189 (connection refused).',
    },
  });

export const ok = <T>(value: T): CallResult<T> => ({ ok: true, value });
export const fail = (code: string, message: string, details?: unknown): CallResult<never> => ({
  ok: false,
  error: details === undefined ? { code, message } : { code, message, details },
});
