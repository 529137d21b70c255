// What the CLI says under a job that failed because a partner node ran without a usable key (issue 20): what
// to turn on, or what is missing, in terms of the CLI's own commands. The app says the same in its words.
import type { JobSnapshot } from '../../src-shared/contracts/jobs';
import { PARTNER_KEY_CHOICE, partnerKeyAdvice } from '../../src-shared/partnerNodes';
import type { Profile } from '../core/profiles';
import type { Output } from './io';
import { ENV_PROFILE_NAME, type Target } from './session';

export function partnerKeyHint(
  job: Pick<JobSnapshot, 'error'>,
  profile: Pick<Profile, 'name' | 'sendPartnerKey' | 'hasCredential'>,
): string | null {
  if (job.error === null) return null;
  if (profile.name === ENV_PROFILE_NAME && partnerKeyAdvice(job.error, profile) !== null) {
    // The environment's connection is not a saved profile, so it has no choice to turn on.
    return (
      'A partner node needs the account’s API key, and a connection from LOUPE_BASE_URL never sends it. ' +
      'Save a profile that does: `printf %s "$KEY" | loupe profiles add NAME --surface S --url U ' +
      '--api-key-stdin --partner-key on`, then submit the workflow again with --profile NAME.'
    );
  }
  // JSON.stringify quotes the name so a shell reads it back as one word, whatever it holds.
  const edit = `loupe profiles edit ${JSON.stringify(profile.name)}`;
  switch (partnerKeyAdvice(job.error, profile)) {
    case 'turn-on':
      return (
        `A partner node needs the account's API key, and Loupe did not send it: "${PARTNER_KEY_CHOICE}" is ` +
        `off for this profile. Turn it on with \`${edit} --partner-key on\`, then submit the workflow again.`
      );
    case 'save-key':
      return (
        'A partner node needs the account\u2019s API key. Sending it is on for this profile, but no key is ' +
        `saved, so the job went without one. Save it with \`printf %s "$KEY" | ${edit} --api-key-stdin\`, ` +
        'then submit the workflow again.'
      );
    case 'check-key':
      return (
        'A partner node refused to run. This profile sends its API key with partner-node workflows (a job ' +
        'submitted before that was turned on went without it): check that the saved key is the account\u2019s ' +
        'API key, then submit the workflow again.'
      );
    case null:
      return null;
  }
}

/** The hint as a note (stderr), so results and JSON on stdout stay as they are. */
export function notePartnerKeyHint(out: Output, job: Pick<JobSnapshot, 'error'>, target: Target): void {
  const hint = partnerKeyHint(job, target.profile);
  if (hint !== null) out.note(hint);
}
