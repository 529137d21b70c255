import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Profile } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { QueryErrorNotice } from '../../../components/QueryErrorNotice';
import { useLoupe } from '../../../lib/loupeContext';
import { visibleText } from '../../../lib/visibleText';
import { profilesQuery } from '../../../queries/appQueries';
import { ADD_PROFILE_BUTTON_ID, restoreFocus } from './focusTargets';
import { useProfileEditor } from './profileEditorStore';
import { ProfileForm } from './ProfileForm';
import { ProfileRow } from './ProfileRow';
import { RemoveProfileDialog } from './RemoveProfileDialog';

/** The "Add profile" button, shown in the section's heading. */
export function AddProfileButton() {
  const openAdd = useProfileEditor((state) => state.openAdd);
  const adding = useProfileEditor((state) => state.editor?.mode === 'add');
  return (
    <Button id={ADD_PROFILE_BUTTON_ID} variant="ghost" disabled={adding} onClick={() => openAdd()}>
      + Add profile
    </Button>
  );
}

function Skeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading profiles" className="divide-y divide-line">
      {[0, 1].map((row) => (
        <li key={row} className="flex h-[49px] flex-col justify-center gap-1.5 px-3">
          <span className="h-3 w-32 animate-pulse rounded bg-hover" />
          <span className="h-2.5 w-64 animate-pulse rounded bg-hover/70" />
        </li>
      ))}
    </ul>
  );
}

/** Settings → Profiles: the list, the add and edit form, removal with a confirm step. */
export function ProfilesPanel() {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const editor = useProfileEditor((state) => state.editor);
  const closeEditor = useProfileEditor((state) => state.close);
  const openEdit = useProfileEditor((state) => state.openEdit);
  const [removing, setRemoving] = useState<Profile | null>(null);

  if (profiles.isError) {
    return <QueryErrorNotice doing="load your profiles" query={profiles} />;
  }
  const list = profiles.data;
  if (!list) return <Skeleton />;
  const editing = editor?.mode === 'edit' ? editor.profileId : null;
  const close = () => {
    closeEditor();
    restoreFocus(editing);
  };
  return (
    <>
      {editor?.mode === 'add' ? (
        <div className="border-b border-line">
          <ProfileForm
            profile={null}
            initialSurface={editor.surface}
            activate={editor.activate || list.activeProfileId === null}
            onClose={close}
          />
        </div>
      ) : null}
      {list.profiles.length === 0 ? (
        <p className="px-3 py-4 text-xs text-muted">
          No profiles yet. Add one for the local proxy, the managed service or a serverless deployment.
        </p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Profiles">
          {list.profiles.map((profile) =>
            profile.id === editing ? (
              <li key={profile.id} aria-label={visibleText(profile.name)}>
                <ProfileForm
                  profile={profile}
                  initialSurface={profile.surface}
                  activate={false}
                  onClose={close}
                />
              </li>
            ) : (
              <ProfileRow
                key={profile.id}
                profile={profile}
                active={profile.id === list.activeProfileId}
                onEdit={() => openEdit(profile.id)}
                onRemove={() => setRemoving(profile)}
              />
            ),
          )}
        </ul>
      )}
      {list.activeProfileId === null ? (
        <p className="border-t border-line px-3 py-2 text-[11px] text-faint">
          No profile is active yet: choose “Use” on one, or add one.
        </p>
      ) : null}
      {removing ? (
        <RemoveProfileDialog
          profile={removing}
          active={removing.id === list.activeProfileId}
          onClose={() => setRemoving(null)}
          onRemoved={() => {
            if (editing === removing.id) closeEditor();
            setRemoving(null);
            restoreFocus(null);
          }}
        />
      ) : null}
    </>
  );
}
