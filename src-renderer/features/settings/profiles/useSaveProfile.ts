import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CallArgs, Profile, Surface } from '../../../../src-shared/contract';
import { LoupeCallError, unwrap } from '../../../lib/callError';
import { useLoupe } from '../../../lib/loupeContext';
import { useCreateProfile, useSetCredential, useUpdateProfile } from '../../../queries/profileMutations';
import { profileKeys } from '../../../queries/profileQueries';
import { fieldErrorsOf, keychainReasonOf, type FieldErrors } from './fieldErrors';

export interface ProfileDraft {
  name: string;
  surface: Surface;
  baseUrl: string;
  routerBaseUrl: string;
  /** Write-only: sent to setCredential when not empty, never read back. */
  apiKey: string;
  /** Send the profile's key with workflows that use partner nodes (off unless chosen). */
  sendPartnerKey: boolean;
}

/** The fields the form shows; anything else the host complains about goes above the buttons. */
export const FORM_FIELDS = [
  'name',
  'surface',
  'baseUrl',
  'routerBaseUrl',
  'apiKey',
  'sendPartnerKey',
] as const;

interface Options {
  /** The profile being edited; null when adding. */
  profile: Profile | null;
  /** Make the profile active once saved (added from the first run, or no profile is active yet). */
  activate: boolean;
  /** After a key was stored: the form empties its key field. */
  onKeySaved: () => void;
  /** Everything is saved. */
  onDone: () => void;
}

function createArgs(draft: ProfileDraft): CallArgs<'profiles.create'> {
  const args: CallArgs<'profiles.create'> = {
    name: draft.name,
    surface: draft.surface,
    baseUrl: draft.baseUrl,
  };
  if (draft.routerBaseUrl.trim() !== '') args.routerBaseUrl = draft.routerBaseUrl;
  // Off is the host's default; only a choice made goes along.
  if (draft.sendPartnerKey) args.sendPartnerKey = true;
  return args;
}

/** The origin of an address as typed, or the text itself when it is not a URL (the host says what is wrong). */
function originOf(address: string): string {
  return URL.parse(address.trim())?.origin ?? address.trim();
}

/**
 * True when saving the draft sends the profile to an origin its saved key was not given for: the host then
 * removes the key (a key belongs to the origins it was given for) unless the same save brings a new one.
 */
export function movesKeyElsewhere(draft: ProfileDraft, profile: Profile): boolean {
  if (!profile.hasCredential || profile.builtIn === 'demo') return false;
  const before = [profile.baseUrl ?? '', profile.routerBaseUrl ?? ''].filter((a) => a !== '').map(originOf);
  const after = [draft.baseUrl, draft.routerBaseUrl].filter((a) => a.trim() !== '').map(originOf);
  return after.some((origin) => !before.includes(origin));
}

/** What the form says when the host removed the key because the address changed. */
export const KEY_DROPPED_NOTICE =
  'The address changed, so enter the key again: Loupe only sends a key to the address it was saved for.';

function changed(draft: ProfileDraft, profile: Profile): boolean {
  return (
    draft.name !== profile.name ||
    draft.surface !== profile.surface ||
    draft.baseUrl !== (profile.baseUrl ?? '') ||
    draft.routerBaseUrl !== (profile.routerBaseUrl ?? '') ||
    draft.sendPartnerKey !== profile.sendPartnerKey
  );
}

/**
 * Saving a profile form: create or update the profile, then store the key. If the keychain is unavailable,
 * the key waits (in memory, here) while the person decides whether Loupe may keep it for this session only.
 */
export function useSaveProfile({ profile, activate, onKeySaved, onDone }: Options) {
  const loupe = useLoupe();
  const queryClient = useQueryClient();
  const create = useCreateProfile();
  const updateProfile = useUpdateProfile();
  const setCredential = useSetCredential();
  const [saving, setSaving] = useState(false);
  /** Once an added profile exists, saving again (say, after a key error) updates it instead of adding twice. */
  const [created, setCreated] = useState<Profile | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<unknown>(null);
  const [consent, setConsent] = useState<{ reason: string | undefined } | null>(null);
  const [keyNotice, setKeyNotice] = useState<string | null>(null);
  /** A key waiting for consent to keep it for this session; `update`: it came with an address change. */
  const pendingKey = useRef<{
    profileId: string;
    secret: string;
    update?: CallArgs<'profiles.update'>;
  } | null>(null);

  const fail = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    const known = Object.keys(fields).some((field) => (FORM_FIELDS as readonly string[]).includes(field));
    setFieldErrors(fields);
    if (!known) setFormError(error);
  };

  const finish = async (profileId: string) => {
    if (activate) {
      const list = await unwrap(loupe.profiles.setActive({ profileId }));
      queryClient.setQueryData(profileKeys.list, list);
    }
    onDone();
  };

  /**
   * True when the key is stored; false when it is waiting for consent or failed. With `update`, the key goes
   * in the same call as the profile's changes (an address and its key change in one step).
   */
  const storeKey = async (
    profileId: string,
    secret: string,
    allowSessionOnly: boolean,
    update?: CallArgs<'profiles.update'>,
  ) => {
    try {
      const consent = allowSessionOnly ? { allowSessionOnly } : {};
      if (update) {
        const updated = await updateProfile.mutateAsync({ ...update, secret, ...consent });
        if (profile === null) setCreated(updated);
      } else {
        await setCredential.mutateAsync({ profileId, secret, ...consent });
      }
      pendingKey.current = null;
      onKeySaved();
      return true;
    } catch (error) {
      if (error instanceof LoupeCallError && error.code === 'keychain_unavailable' && !allowSessionOnly) {
        pendingKey.current = update ? { profileId, secret, update } : { profileId, secret };
        setConsent({ reason: keychainReasonOf(error) });
        return false;
      }
      if (error instanceof LoupeCallError && error.code === 'invalid_secret') {
        setFieldErrors({ apiKey: [error.message] });
      } else {
        setFormError(error);
      }
      return false;
    }
  };

  const run = async (work: () => Promise<void>) => {
    setSaving(true);
    setFormError(null);
    setFieldErrors({});
    setKeyNotice(null);
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  const save = (draft: ProfileDraft) =>
    run(async () => {
      const target = profile ?? created;
      let profileId: string;
      if (target === null) {
        const added = await create.mutateAsync(createArgs(draft));
        setCreated(added);
        profileId = added.id;
      } else {
        profileId = target.id;
        if (changed(draft, target)) {
          const routerBaseUrl = draft.routerBaseUrl.trim() === '' ? null : draft.routerBaseUrl;
          const args = { profileId, name: draft.name, surface: draft.surface, baseUrl: draft.baseUrl };
          const choice =
            draft.sendPartnerKey === target.sendPartnerKey ? {} : { sendPartnerKey: draft.sendPartnerKey };
          const update = { ...args, routerBaseUrl, ...choice };
          if (draft.apiKey !== '') {
            if (!(await storeKey(profileId, draft.apiKey, false, update))) return;
            await finish(profileId);
            return;
          }
          const updated = await updateProfile.mutateAsync(update);
          if (profile === null) setCreated(updated);
          if (updated.credentialDropped) {
            // Saved, but the key stayed behind with the old address: the form stays open for the new key.
            setKeyNotice(KEY_DROPPED_NOTICE);
            return;
          }
        }
      }
      if (draft.apiKey !== '' && !(await storeKey(profileId, draft.apiKey, false))) return;
      await finish(profileId);
    });

  const keepForSession = () => {
    const pending = pendingKey.current;
    setConsent(null);
    if (!pending) return;
    void run(async () => {
      if (await storeKey(pending.profileId, pending.secret, true, pending.update)) {
        await finish(pending.profileId);
      }
    });
  };

  const declineSessionOnly = () => {
    pendingKey.current = null;
    setConsent(null);
    setKeyNotice(
      'The profile is saved, but the key is not: the system keychain is unavailable. Start or unlock it and save again, or choose to keep the key for this session.',
    );
  };

  return {
    save,
    saving,
    /** The profile this form now edits (after an add, the one just created). */
    savedProfile: profile ?? created,
    fieldErrors,
    formError,
    consent,
    keepForSession,
    declineSessionOnly,
    keyNotice,
  };
}
