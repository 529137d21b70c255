import { useQuery } from '@tanstack/react-query';
import { useLoupe } from '../lib/loupeContext';
import { profileAddress } from '../lib/profileAddress';
import { ConnectionIndicator } from '../components/ConnectionIndicator';
import { surfaceLabel } from '../features/settings/profiles/surfaces';
import { profilesQuery } from '../queries/appQueries';
import { useTransportState, type TransportState } from '../transport/transportState';
import { useHeartbeat } from './useHeartbeat';
import { visibleText } from '../lib/visibleText';
import { SpendMeter } from '../features/models/spend/SpendMeter';
import { WorkElsewhere } from '../features/work/WorkElsewhere';

const TRANSPORT_LABEL: Record<TransportState, { text: string; dot: string }> = {
  connecting: { text: 'Connecting to the Loupe host…', dot: 'bg-state-queued' },
  connected: { text: 'Host connected', dot: 'bg-state-succeeded' },
  reconnecting: { text: 'Host connection lost, reconnecting…', dot: 'bg-state-canceled animate-pulse' },
};

export function StatusBar() {
  const loupe = useLoupe();
  const transport = useTransportState((state) => state.state);
  const profiles = useQuery(profilesQuery(loupe));
  const heartbeat = useHeartbeat(2000);
  const list = profiles.data;
  const active = list?.profiles.find((profile) => profile.id === list.activeProfileId);
  const label = TRANSPORT_LABEL[transport];
  return (
    <footer
      className="flex h-6 shrink-0 items-center gap-4 border-t border-line bg-panel px-3 text-[11px] text-muted"
      aria-label="Status"
    >
      <span className="flex items-center gap-1.5" data-testid="transport-state" data-state={transport}>
        <span aria-hidden="true" className={`inline-block h-2 w-2 rounded-full ${label.dot}`} />
        {label.text}
      </span>
      <span data-testid="active-profile">
        {active ? (
          <>
            {visibleText(active.name)} · {surfaceLabel(active.surface)} ·{' '}
            <span className="font-mono">{visibleText(profileAddress(active))}</span>
          </>
        ) : (
          'No profile selected'
        )}
      </span>
      {active && transport === 'connected' ? <ConnectionIndicator profile={active} /> : null}
      {/* The Router's committed spend, only while the active profile has a Router. */}
      {active?.routerBaseUrl !== undefined && transport === 'connected' ? (
        <SpendMeter key={active.id} profileId={active.id} />
      ) : null}
      {transport === 'connected' ? <WorkElsewhere /> : null}
      <span
        className="ml-auto tabular-nums"
        data-testid="heartbeat"
        data-beats={heartbeat.received}
        title={heartbeat.last ? `Last beat ${heartbeat.last.at}` : undefined}
      >
        {heartbeat.last ? `Host up ${Math.round(heartbeat.last.uptimeMs / 1000)} s` : 'Waiting for host…'}
      </span>
    </footer>
  );
}
