import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Profile } from '../../../src-shared/contract';
import { Dialog } from '../../components/Dialog';
import { useLoupe } from '../../lib/loupeContext';
import { visibleText } from '../../lib/visibleText';
import { profilesQuery } from '../../queries/appQueries';
import { LoopDialogActions } from './LoopDialogActions';
import { useLoopActions } from './useLoopActions';
import { useLoopUi } from './loopUiStore';

function ProfileChoice({
  profile,
  from,
  shown,
  checked,
  onPick,
}: {
  profile: Profile;
  from: boolean;
  shown: boolean;
  checked: boolean;
  onPick: () => void;
}) {
  const notes = [from ? 'where they are' : 'bytes move there unless it has them', shown ? 'shown now' : null];
  return (
    <label className="flex cursor-pointer items-start gap-2 rounded border border-line px-2 py-1.5 has-checked:border-accent">
      <input type="radio" name="use-as-input-target" checked={checked} onChange={onPick} className="mt-0.5" />
      <span className="min-w-0">
        <span className="block text-fg">{visibleText(profile.name)}</span>
        {/* The whole address: two profiles on one host differ only by their mount path. */}
        <span className="block font-mono text-[11px] break-all text-faint">
          {profile.surface} · {visibleText(profile.baseUrl ?? 'built in')}
        </span>
        <span className="block text-[11px] text-faint">
          {notes.filter((note) => note !== null).join(' · ')}
        </span>
      </span>
    </label>
  );
}

/** Use as input on which profile: the shown one is proposed; another one gets the bytes by hash first. */
export function UseAsInputDialog() {
  const request = useLoopUi((state) => state.useAsInput);
  const close = useLoopUi((state) => state.closeUseAsInput);
  if (request === null) return null;
  return (
    <Choice
      key={`${request.fromProfileId}:${request.assetIds.join(',')}`}
      fromProfileId={request.fromProfileId}
      assetIds={request.assetIds}
      close={close}
    />
  );
}

function Choice({
  fromProfileId,
  assetIds,
  close,
}: {
  fromProfileId: string;
  assetIds: readonly string[];
  close: () => void;
}) {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const actions = useLoopActions();
  const shown = profiles.data?.activeProfileId ?? null;
  const [picked, setPicked] = useState<string | null>(null);
  const list = profiles.data?.profiles ?? [];
  const target = list.find((profile) => profile.id === (picked ?? shown ?? fromProfileId)) ?? null;
  const count = assetIds.length === 1 ? 'this output' : `these ${assetIds.length} outputs`;
  return (
    <Dialog
      title="Use as input on…"
      onClose={close}
      testId="use-as-input"
      actions={
        <LoopDialogActions
          confirm={target === null ? 'Open New batch' : `Open New batch on ${target.name}`}
          working="Bringing over…"
          busy={actions.busy}
          disabled={target === null}
          onCancel={close}
          onConfirm={() => {
            if (target === null) return;
            void actions.useAsInput(fromProfileId, target.id, assetIds).then((done) => {
              if (done) close();
            });
          }}
        />
      }
    >
      <p>
        New batch puts {count} on an inputs axis. Another profile’s service is asked for the bytes by hash
        first; they are uploaded only when it does not have them.
      </p>
      <div role="radiogroup" aria-label="Profile" className="space-y-1">
        {list.map((profile) => (
          <ProfileChoice
            key={profile.id}
            profile={profile}
            from={profile.id === fromProfileId}
            shown={profile.id === shown}
            checked={profile.id === target?.id}
            onPick={() => setPicked(profile.id)}
          />
        ))}
      </div>
      {actions.problem === null ? null : (
        <p role="alert" className="text-state-failed">
          {visibleText(actions.problem)}
        </p>
      )}
    </Dialog>
  );
}
