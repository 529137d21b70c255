import { useQuery } from '@tanstack/react-query';
import type { Profile } from '../../src-shared/contract';
import { useLoupe } from '../lib/loupeContext';
import { errorText } from './errorText';
import { CONNECTION_STATE, connectionStateOf, latencyText } from '../queries/connectionState';
import { connectionQuery } from '../queries/profileQueries';
import { visibleText } from '../lib/visibleText';

/** The active profile's connection, from the (cached) "Test connection" report: a dot and one word. */
export function ConnectionIndicator({ profile }: { profile: Profile }) {
  const loupe = useLoupe();
  // The Demo profile has no address until its server runs: nothing to probe yet.
  const report = useQuery({ ...connectionQuery(loupe, profile.id), enabled: profile.baseUrl !== null });
  if (report.isPending && report.fetchStatus === 'fetching') {
    return (
      <span className="flex items-center gap-1.5" data-testid="connection-state" data-state="checking">
        <span
          aria-hidden="true"
          className="inline-block h-2 w-2 animate-pulse rounded-full bg-state-queued"
        />
        Checking…
      </span>
    );
  }
  const state = connectionStateOf(report.data);
  const look = CONNECTION_STATE[state];
  let title: string;
  if (report.data) {
    const latency = latencyText(report.data);
    title = [
      latency ? `Latency ${latency}` : 'Latency not measured',
      `checked ${new Date(report.data.checkedAt).toLocaleTimeString()}`,
      report.data.problem ? visibleText(report.data.problem.message) : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
  } else if (report.isError) {
    const text = errorText(report.error);
    title = `${visibleText(text.message)} (${text.code})`;
  } else {
    title = 'Use "Test connection" in Settings → Profiles.';
  }
  return (
    <span
      className="flex items-center gap-1.5"
      data-testid="connection-state"
      data-state={state}
      title={title}
    >
      <span aria-hidden="true" className={`inline-block h-2 w-2 rounded-full ${look.dot}`} />
      {look.label}
      {report.data?.latencyMs != null ? (
        <span className="sr-only">, latency {latencyText(report.data)}</span>
      ) : null}
    </span>
  );
}
