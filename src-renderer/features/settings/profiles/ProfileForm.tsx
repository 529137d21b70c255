import { useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import type { Profile, Surface } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { errorText } from '../../../components/errorText';
import { FormField, INPUT_CLASS } from '../../../components/FormField';
import { InlineError } from '../../../components/InlineError';
import { Spinner } from '../../../components/Spinner';
import { useClearCredential } from '../../../queries/profileMutations';
import { KeychainConsentDialog } from './KeychainConsentDialog';
import { PartnerKeyField } from './PartnerKeyField';
import { SURFACES } from './surfaces';
import { CREDENTIAL_LABEL, useCredentialState } from './useCredentialLabel';
import { movesKeyElsewhere, useSaveProfile, type ProfileDraft } from './useSaveProfile';
import { visibleText } from '../../../lib/visibleText';

function KeyHint({ profile, moving }: { profile: Profile; moving: boolean }) {
  const state = useCredentialState(profile);
  if (moving) {
    // Said before saving, so nobody is surprised: the saved key does not follow the profile to a new address.
    return <>The saved key stays with the old address. Enter the key for the new address.</>;
  }
  return <>Now: {CREDENTIAL_LABEL[state]}. Type a new key to replace it.</>;
}

interface ProfileFormProps {
  /** The profile to edit, or null to add one. */
  profile: Profile | null;
  initialSurface: Surface;
  activate: boolean;
  onClose: () => void;
}

function draftOf(profile: Profile | null, surface: Surface): ProfileDraft {
  return {
    name: profile?.name ?? '',
    surface: profile?.surface ?? surface,
    baseUrl: profile?.baseUrl ?? '',
    routerBaseUrl: profile?.routerBaseUrl ?? '',
    apiKey: '',
    sendPartnerKey: profile?.sendPartnerKey ?? false,
  };
}

/** Add or edit a profile. Enter saves, Esc cancels; the key field is write-only and never pre-filled. */
export function ProfileForm({ profile, initialSurface, activate, onClose }: ProfileFormProps) {
  const [draft, setDraft] = useState(() => draftOf(profile, initialSurface));
  const [showKey, setShowKey] = useState(false);
  const saver = useSaveProfile({
    profile,
    activate,
    onKeySaved: () => setDraft((current) => ({ ...current, apiKey: '' })),
    onDone: onClose,
  });
  const target = saver.savedProfile;
  const clearKey = useClearCredential();
  const set =
    <K extends keyof ProfileDraft>(field: K) =>
    (value: ProfileDraft[K]) =>
      setDraft((current) => ({ ...current, [field]: value }));
  const surface = SURFACES.find((entry) => entry.value === draft.surface);
  const title = profile ? `Edit ${visibleText(profile.name)}` : 'Add a profile';

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!saver.saving) void saver.save(draft);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !saver.saving) {
      event.preventDefault();
      onClose();
    }
  };
  const formError = saver.formError ? errorText(saver.formError) : null;

  return (
    <form
      aria-label={title}
      data-testid="profile-form"
      noValidate
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      className="space-y-1 bg-raised/40 px-3 py-3"
    >
      <h3 className="mb-2 text-xs font-semibold text-fg">{title}</h3>
      <FormField label="Name" errors={saver.fieldErrors.name}>
        {({ inputId, describedBy, invalid }) => (
          <input
            id={inputId}
            className={INPUT_CLASS}
            value={draft.name}
            onChange={(event) => set('name')(event.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. Studio render farm"
          />
        )}
      </FormField>
      <FormField label="Surface" errors={saver.fieldErrors.surface}>
        {({ inputId, describedBy, invalid }) => (
          <select
            id={inputId}
            className={INPUT_CLASS}
            value={draft.surface}
            onChange={(event) => {
              const chosen = SURFACES.find((entry) => entry.value === event.target.value);
              if (chosen) set('surface')(chosen.value);
            }}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          >
            {SURFACES.map((entry) => (
              <option key={entry.value} value={entry.value}>
                {entry.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Base URL" errors={saver.fieldErrors.baseUrl} hint={surface?.hint}>
        {({ inputId, describedBy, invalid }) => (
          <input
            id={inputId}
            className={`${INPUT_CLASS} font-mono`}
            value={draft.baseUrl}
            onChange={(event) => set('baseUrl')(event.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder={draft.surface === 'self-hosted' ? 'http://127.0.0.1:8189' : 'https://'}
          />
        )}
      </FormField>
      <FormField
        label="Router URL"
        errors={saver.fieldErrors.routerBaseUrl}
        hint="Optional: the model Router's address. Without one, this profile has no Router and the Models screen stays empty."
      >
        {({ inputId, describedBy, invalid }) => (
          <input
            id={inputId}
            className={`${INPUT_CLASS} font-mono`}
            value={draft.routerBaseUrl}
            onChange={(event) => set('routerBaseUrl')(event.target.value)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="optional"
          />
        )}
      </FormField>
      <FormField
        label="API key"
        errors={saver.fieldErrors.apiKey}
        hint={
          target?.hasCredential ? (
            <KeyHint profile={target} moving={movesKeyElsewhere(draft, target)} />
          ) : (
            'Kept in your system keychain. Loupe never shows it again.'
          )
        }
      >
        {({ inputId, describedBy, invalid }) => (
          <div className="flex gap-1.5">
            <input
              id={inputId}
              className={`${INPUT_CLASS} font-mono`}
              type={showKey ? 'text' : 'password'}
              value={draft.apiKey}
              onChange={(event) => set('apiKey')(event.target.value)}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              autoComplete="off"
              spellCheck={false}
              placeholder={target?.hasCredential ? 'unchanged' : ''}
            />
            <Button
              variant="ghost"
              className="w-14 justify-center"
              aria-pressed={showKey}
              onClick={() => setShowKey((shown) => !shown)}
            >
              {showKey ? 'Hide' : 'Show'}
            </Button>
            {target?.hasCredential ? (
              <Button
                variant="ghost"
                disabled={clearKey.isPending}
                onClick={() => clearKey.mutate(target.id)}
              >
                Forget key
              </Button>
            ) : null}
          </div>
        )}
      </FormField>
      <PartnerKeyField
        checked={draft.sendPartnerKey}
        onChange={set('sendPartnerKey')}
        errors={saver.fieldErrors.sendPartnerKey}
        keyMissing={!(target?.hasCredential ?? false) && draft.apiKey === ''}
      />
      {formError ? (
        <InlineError
          className="ml-[8.25rem]"
          message={formError.message}
          nextStep={formError.nextStep}
          code={formError.code}
        />
      ) : null}
      {saver.keyNotice ? (
        <p role="status" className="ml-[8.25rem] text-xs text-state-canceled">
          {saver.keyNotice}
        </p>
      ) : null}
      <div className="ml-[8.25rem] flex items-center gap-2 pt-2">
        <Button type="submit" variant="primary" disabled={saver.saving}>
          {saver.saving ? <Spinner /> : null}
          {saver.saving ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="ghost" disabled={saver.saving} onClick={onClose}>
          Cancel
        </Button>
        {activate && !profile ? (
          <span className="text-[11px] text-faint">It becomes the active profile.</span>
        ) : null}
      </div>
      {saver.consent ? (
        <KeychainConsentDialog
          profileName={visibleText(draft.name || 'this profile')}
          reason={saver.consent.reason}
          onKeepForSession={saver.keepForSession}
          onCancel={saver.declineSessionOnly}
        />
      ) : null}
    </form>
  );
}
