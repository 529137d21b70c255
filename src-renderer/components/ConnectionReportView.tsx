import type { ConnectionReport } from '../../src-shared/contract';
import { CONNECTION_STATE, connectionStateOf, latencyText } from '../queries/connectionState';
import { InlineError } from './InlineError';

const CAPABILITIES: { key: keyof ConnectionReport['capabilities']; label: string; none: string }[] = [
  { key: 'listsJobs', label: 'Lists jobs', none: 'No job list' },
  { key: 'capturesLogs', label: 'Captures logs', none: 'No logs' },
  { key: 'streamsEvents', label: 'Streams events', none: 'No live events' },
  { key: 'router', label: 'Model Router', none: 'No Router' },
];

function keyText(report: ConnectionReport): string {
  if (report.credentialAccepted === true) return 'key accepted';
  if (report.credentialAccepted === false) return 'key rejected';
  return 'no key checked';
}

function Chip({ value, label, none }: { value: boolean | null; label: string; none: string }) {
  if (value === null) {
    return (
      <li className="rounded border border-dashed border-line px-1.5 py-px text-faint" title="Not known yet">
        {label}?
      </li>
    );
  }
  return value ? (
    <li className="rounded border border-line bg-raised px-1.5 py-px text-fg">{label}</li>
  ) : (
    <li className="rounded border border-line px-1.5 py-px text-faint">{none}</li>
  );
}

/** What "Test connection" found: reachable, key accepted, capabilities, latency, and any problem in words. */
export function ConnectionReportView({ report }: { report: ConnectionReport }) {
  const state = connectionStateOf(report);
  const look = CONNECTION_STATE[state];
  const latency = latencyText(report);
  const checkedAt = new Date(report.checkedAt);
  const checkedText = Number.isNaN(checkedAt.getTime()) ? report.checkedAt : checkedAt.toLocaleTimeString();
  return (
    <div className="space-y-1.5 text-xs" data-testid="connection-report" data-state={state}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span aria-hidden="true" className={`inline-block h-2 w-2 rounded-full ${look.dot}`} />
        <span className="font-medium text-fg">{look.label}</span>
        <span className="text-muted tabular-nums" title={checkedAt.toString()}>
          {[report.reachable ? `reachable · ${keyText(report)}` : null, latency, `checked ${checkedText}`]
            .filter((part) => part !== null)
            .join(' · ')}
        </span>
      </p>
      {report.reachable ? (
        <ul aria-label="Capabilities" className="flex flex-wrap gap-1 text-[11px]">
          {CAPABILITIES.map(({ key, label, none }) => (
            <Chip key={key} value={report.capabilities[key]} label={label} none={none} />
          ))}
        </ul>
      ) : null}
      {report.problem ? <InlineError message={report.problem.message} code={report.problem.code} /> : null}
    </div>
  );
}
