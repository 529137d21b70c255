// What `loupe profiles test` says about core's connection test (core/capabilities): the findings the app's
// "Test connection" shows, read into a credential verdict and an exit status, and printed as lines for a
// person or one JSON document for a script. Every word that came from the service goes through `visible`.
import type { Connection } from '../core/api';
import type { Findings } from '../core/capabilities';
import { hintFor } from './errorHints';
import { visible } from './terminalText';

export type CredentialVerdict = 'accepted' | 'rejected' | 'forbidden' | 'not-needed' | 'unknown';

export interface TestedConnection {
  /** The profile name, or "LOUPE_BASE_URL". */
  label: string;
  connection: Pick<Connection, 'surface' | 'baseUrl'>;
  findings: Findings;
  /** Whether a credential went with the test: it tells "none needed" apart from "not checked". */
  credentialSent: boolean;
}

type Capability = keyof Findings['capabilities'];

export function credentialVerdict({ findings, credentialSent }: TestedConnection): CredentialVerdict {
  if (findings.credentialAccepted === false) return 'rejected';
  if (findings.credentialAccepted === true)
    return findings.problem?.code === 'forbidden' ? 'forbidden' : 'accepted';
  // null: the test never got that far, or the service let a request without a key in.
  return findings.reachable && findings.problem === null && !credentialSent ? 'not-needed' : 'unknown';
}

/** Reachable, nothing wrong, and the key accepted (or none needed): the exit status's "ok". */
export function connectionTestPassed(tested: TestedConnection): boolean {
  const verdict = credentialVerdict(tested);
  return (
    tested.findings.reachable &&
    tested.findings.problem === null &&
    (verdict === 'accepted' || verdict === 'not-needed')
  );
}

function hintOf(problem: NonNullable<Findings['problem']>): string | null {
  return hintFor(problem.code, 0, null);
}

export function connectionTestDocument(tested: TestedConnection): Record<string, unknown> {
  const { findings } = tested;
  return {
    profile: tested.label,
    ok: connectionTestPassed(tested),
    baseUrl: tested.connection.baseUrl,
    surface: tested.connection.surface,
    reachable: findings.reachable,
    credential: credentialVerdict(tested),
    credentialAccepted: findings.credentialAccepted,
    latencyMs: findings.latencyMs,
    capabilities: findings.capabilities,
    problem: findings.problem === null ? null : { ...findings.problem, hint: hintOf(findings.problem) },
  };
}

const credentialWords: Record<CredentialVerdict, string> = {
  accepted: 'accepted',
  rejected: 'rejected (401): the key is missing, wrong or revoked',
  forbidden: 'accepted, but not allowed to use jobs (403)',
  'not-needed': 'none sent, none needed',
  unknown: 'could not be checked',
};

/** Each capability as the person reads it: its label, and what "no" means for them. */
const capabilityWords: ReadonlyArray<{ key: Capability; label: string; no: string }> = [
  { key: 'listsJobs', label: 'lists jobs', no: 'no (Loupe falls back to the v1 list or local history)' },
  { key: 'capturesLogs', label: 'logs', no: 'no (this service keeps no job logs)' },
  { key: 'streamsEvents', label: 'live events', no: 'no (Loupe polls for changes instead)' },
  { key: 'router', label: 'Router', no: 'no (`loupe models` needs the Router)' },
];

const row = (label: string, value: string): string => `  ${label.padEnd(13)}${value}`;

function capabilityLines(capabilities: Findings['capabilities']): string[] {
  // A test that was turned away (a wrong key) learned nothing about them: no rows of "unknown".
  if (Object.values(capabilities).every((value) => value === null)) return [];
  return capabilityWords.map(({ key, label, no }) => {
    const value = capabilities[key];
    return row(label, value === null ? 'unknown' : value ? 'yes' : no);
  });
}

export function connectionTestLines(tested: TestedConnection): string[] {
  const { findings, connection } = tested;
  const latency = findings.latencyMs === null ? '' : ` (${Math.round(findings.latencyMs)} ms)`;
  const lines = [
    `${visible(tested.label)}: ${connection.surface} at ${visible(connection.baseUrl)}`,
    row('reachable', findings.reachable ? `yes${latency}` : 'no'),
  ];
  if (findings.reachable) {
    lines.push(row('credential', credentialWords[credentialVerdict(tested)]));
    lines.push(...capabilityLines(findings.capabilities));
  }
  if (findings.problem !== null) {
    lines.push(row('problem', `${visible(findings.problem.code)}: ${visible(findings.problem.message)}`));
    const hint = hintOf(findings.problem);
    if (hint !== null) lines.push(row('next', hint));
  }
  return lines;
}
