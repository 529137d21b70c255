import { useQuery } from '@tanstack/react-query';
import type { JobError, Profile } from '../../../../src-shared/contract';
import { PARTNER_KEY_CHOICE, partnerKeyAdvice } from '../../../../src-shared/partnerNodes';
import { useLoupe } from '../../../lib/loupeContext';
import { visibleText } from '../../../lib/visibleText';
import { profilesQuery } from '../../../queries/appQueries';

function words(error: JobError, profile: Profile): string | null {
  const name = visibleText(profile.name);
  switch (partnerKeyAdvice(error, profile)) {
    case 'turn-on':
      return (
        `A partner node needs your account’s API key, and Loupe did not send it. Turn on “${PARTNER_KEY_CHOICE}” ` +
        `for ${name} (Settings → Profiles → Edit), then retry the job.`
      );
    case 'save-key':
      return (
        `A partner node needs your account’s API key. Sending it is on for ${name}, but no key is saved, so ` +
        'the job went without one. Save the key in Settings → Profiles, then retry the job.'
      );
    case 'check-key':
      return (
        `A partner node refused to run. ${name} sends its API key with partner-node workflows (a job sent ` +
        'before that was turned on went without it): check that the saved key is your account’s API key, ' +
        'then retry the job.'
      );
    case null:
      return null;
  }
}

/**
 * Under a job that failed because a partner node had no usable key: what to turn on, or what is missing, for
 * the profile the job belongs to. Nothing for any other error.
 */
export function PartnerKeyHint({ error, profileId }: { error: JobError; profileId: string }) {
  const loupe = useLoupe();
  const profiles = useQuery(profilesQuery(loupe));
  const profile = profiles.data?.profiles.find((candidate) => candidate.id === profileId);
  const hint = profile === undefined ? null : words(error, profile);
  if (hint === null) return null;
  return (
    <p role="note" data-testid="partner-key-hint" className="text-fg">
      {hint}
    </p>
  );
}
