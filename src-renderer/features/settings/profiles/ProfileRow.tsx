import type { Profile } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { ConnectionReportView } from '../../../components/ConnectionReportView';
import { errorText } from '../../../components/errorText';
import { InlineError } from '../../../components/InlineError';
import { Spinner } from '../../../components/Spinner';
import { profileAddress } from '../../../lib/profileAddress';
import { useTestConnection } from '../../../queries/profileMutations';
import { useSetActiveProfile } from '../../../queries/useSetActiveProfile';
import { editButtonId } from './focusTargets';
import { ProfileAddress } from './ProfileAddress';
import { surfaceLabel } from './surfaces';
import { CREDENTIAL_LABEL, useCredentialState } from './useCredentialLabel';
import { visibleText } from '../../../lib/visibleText';

const DEMO_KEPT = 'The Demo profile is part of Loupe and cannot be removed.';

interface ProfileRowProps {
  profile: Profile;
  active: boolean;
  onEdit: () => void;
  onRemove: () => void;
}

function Problem({ error }: { error: unknown }) {
  const text = errorText(error);
  return <InlineError message={text.message} nextStep={text.nextStep} code={text.code} />;
}

/** One profile: what and where it is, whether it has a key, and what can be done with it. */
export function ProfileRow({ profile, active, onEdit, onRemove }: ProfileRowProps) {
  const credential = useCredentialState(profile);
  const test = useTestConnection();
  const setActive = useSetActiveProfile();
  const isDemo = profile.builtIn === 'demo';
  const starting = setActive.isPending && isDemo;
  const name = visibleText(profile.name);
  const address = visibleText(profileAddress(profile));
  const hasOutcome = !test.isIdle || setActive.isError;
  return (
    <li data-testid={`profile-${profile.id}`} aria-label={name} className="px-3 py-2">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2">
            <span className="truncate font-medium text-fg">{name}</span>
            {active ? (
              <span className="rounded bg-accent/15 px-1.5 py-px text-[11px] text-accent">active</span>
            ) : null}
            {profile.builtIn ? (
              <span className="rounded border border-line px-1.5 py-px text-[11px] text-faint">built in</span>
            ) : null}
          </p>
          <p className="mt-0.5 flex min-w-0 items-center gap-1.5 text-[11px] text-muted">
            <span className="shrink-0">{surfaceLabel(profile.surface)}</span>
            <span aria-hidden="true">·</span>
            <ProfileAddress address={address} mono={profile.baseUrl !== null} />
            <span aria-hidden="true">·</span>
            <span
              className={`shrink-0 ${credential === 'none' ? 'text-faint' : ''}`}
              data-testid="credential-state"
              data-state={credential}
            >
              {CREDENTIAL_LABEL[credential]}
            </span>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {active ? (
            <span aria-hidden="true" className="w-16" />
          ) : (
            <Button
              variant="ghost"
              className="min-w-16 justify-center"
              disabled={setActive.isPending}
              aria-label={`Use ${name}`}
              onClick={() => setActive.mutate(profile.id)}
            >
              {setActive.isPending ? <Spinner /> : null}
              {starting ? 'Starting…' : 'Use'}
            </Button>
          )}
          <Button
            variant="ghost"
            className="w-[7.5rem] justify-center"
            disabled={test.isPending}
            aria-label={`Test connection to ${name}`}
            onClick={() => test.mutate(profile.id)}
          >
            {test.isPending ? <Spinner /> : null}
            {test.isPending ? 'Testing…' : 'Test connection'}
          </Button>
          {isDemo ? (
            <span aria-hidden="true" className="w-12" />
          ) : (
            <Button
              id={editButtonId(profile.id)}
              variant="ghost"
              className="w-12 justify-center"
              aria-label={`Edit ${name}`}
              onClick={onEdit}
            >
              Edit
            </Button>
          )}
          <Button
            variant="ghost"
            // The Demo's stays focusable, so the reason is reachable by keyboard and by hover; it does nothing.
            aria-disabled={isDemo ? 'true' : undefined}
            className={`w-16 justify-center ${isDemo ? 'cursor-not-allowed opacity-50' : ''}`}
            aria-label={`Remove ${name}`}
            aria-description={isDemo ? DEMO_KEPT : undefined}
            title={isDemo ? DEMO_KEPT : undefined}
            onClick={isDemo ? undefined : onRemove}
          >
            Remove
          </Button>
        </div>
      </div>
      {hasOutcome ? (
        <div className="mt-2 ml-0.5 border-l-2 border-line pl-3" aria-live="polite">
          {setActive.isError ? <Problem error={setActive.error} /> : null}
          {test.isPending ? (
            <p role="status" className="flex items-center gap-2 text-xs text-muted">
              <Spinner className="text-accent" /> Testing the connection to {name}…
            </p>
          ) : null}
          {test.isSuccess ? <ConnectionReportView report={test.data} /> : null}
          {test.isError ? <Problem error={test.error} /> : null}
        </div>
      ) : null}
    </li>
  );
}
