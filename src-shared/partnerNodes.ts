// Partner (API) nodes and the per-profile choice that lets them bill the account (issue 20): the words every
// host uses for the choice, and how a job that failed for want of a key is recognised, so the app and the CLI
// both say what to turn on. Plain functions of what the renderer already holds: a job's error and a profile's
// choice and whether it has a key (never the key).

/** The choice, as the profile form and the CLI name it. */
export const PARTNER_KEY_CHOICE = 'Send my API key with workflows that use partner nodes';

/** Why anyone would: said with the choice. */
export const PARTNER_KEY_PURPOSE = 'so those nodes can bill my account';

/** What the choice does, said where it is made. */
export const PARTNER_KEY_EXPLANATION =
  'Off unless you turn it on. Loupe adds the key only as a job leaves, only to this profile’s own ' +
  'address, and never writes it down. Where the service does not say which nodes are partner nodes, the ' +
  'key goes with every submission.';

/** Only the head of a message is looked at: the service's words come first, and the message is untrusted. */
const LOOKED_AT_CHARS = 2_000;

/**
 * True when a job's error reads like a partner node that ran without a usable key. The local workflow server's
 * partner nodes say "Unauthorized: Please login first to use this node."; other wordings name the API key.
 */
export function isPartnerKeyFailure(error: { message: string }): boolean {
  const head = error.message.slice(0, LOOKED_AT_CHARS);
  if (/log ?in first to use this node/i.test(head)) return true;
  return /unauthori[sz]ed/i.test(head) && /api[ _-]?key/i.test(head);
}

/**
 * What to do about a partner node's failure: turn the choice on; save a key (the choice is on, but the
 * profile has none, so the job went without one); or check the key that went (or submit again, when the
 * job left before the choice was on). Null when the error is something else.
 */
export type PartnerKeyAdvice = 'turn-on' | 'save-key' | 'check-key';

export function partnerKeyAdvice(
  error: { message: string },
  profile: { sendPartnerKey: boolean; hasCredential: boolean },
): PartnerKeyAdvice | null {
  if (!isPartnerKeyFailure(error)) return null;
  if (!profile.sendPartnerKey) return 'turn-on';
  return profile.hasCredential ? 'check-key' : 'save-key';
}
