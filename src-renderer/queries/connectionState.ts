import type { ConnectionReport } from '../../src-shared/contract';

export type ConnectionState =
  'connected' | 'key-rejected' | 'keychain-locked' | 'unreachable' | 'not-checked';

export const CONNECTION_STATE: Record<ConnectionState, { label: string; dot: string }> = {
  connected: { label: 'Connected', dot: 'bg-state-succeeded' },
  'key-rejected': { label: 'Key rejected', dot: 'bg-state-failed' },
  // Nothing was sent: the key could not be read (the report's problem says to unlock the keychain).
  'keychain-locked': { label: 'Keychain locked', dot: 'bg-state-failed' },
  unreachable: { label: 'Unreachable', dot: 'bg-state-failed' },
  'not-checked': { label: 'Not checked', dot: 'bg-state-queued' },
};

/** What a report means for the person at the keyboard, in one of five words. */
export function connectionStateOf(report: ConnectionReport | undefined): ConnectionState {
  if (!report) return 'not-checked';
  if (report.problem?.code === 'credential_unavailable') return 'keychain-locked';
  if (!report.reachable) return 'unreachable';
  if (report.credentialAccepted === false) return 'key-rejected';
  return 'connected';
}

/** Times and sizes use tabular numbers elsewhere; here, a short latency text for tooltips and reports. */
export function latencyText(report: ConnectionReport): string | null {
  return report.latencyMs === null ? null : `${Math.round(report.latencyMs)} ms`;
}
