// `loupe profiles edit NAME [--partner-key on|off] [--api-key-stdin]`: changes a saved profile in place, as the
// app's profile form does: the choice to send its key with partner-node workflows, and a new key (stdin only,
// to the keychain only, never printed).
import type { CommandContext, CommandSpec } from '../commandSpec';
import { exitCodes } from '../exitCodes';
import { partnerKeyChoice, partnerKeyHelp, partnerKeyOptions } from '../partnerKeyOption';
import { readSecret } from '../secretInput';
import { visible } from '../terminalText';
import { describeProfile } from './profiles';

export const profileEdit: CommandSpec = {
  words: ['profiles', 'edit'],
  summary: 'Change a saved profile: whether its key goes with partner-node workflows, or its key',
  positionals: ['NAME'],
  options: { ...partnerKeyOptions, 'api-key-stdin': { type: 'boolean' } },
  optionHelp: [
    partnerKeyHelp,
    {
      flag: '--api-key-stdin',
      text: 'read a new API key from standard input (never pass it as an argument)',
    },
  ],
  details:
    'Example:\n  loupe profiles edit prod --partner-key on\n  printf %s "$KEY" | loupe profiles edit prod --api-key-stdin',
  usesConnection: false,
  async run({ args, io, out, session }: CommandContext) {
    const sendPartnerKey = partnerKeyChoice(args);
    const newKey = args.flag('api-key-stdin');
    if (sendPartnerKey === undefined && !newKey)
      throw args.usageError('Say what to change: --partner-key on|off, or --api-key-stdin.');
    const found = await session.findProfile(args.positional(0));
    const secret = newKey ? await readSecret(io, 'API key (not shown): ') : null;
    const profiles = await session.profiles();
    if (sendPartnerKey !== undefined) await profiles.update(found.id, { sendPartnerKey });
    if (secret !== null) await profiles.setCredential(found.id, secret);
    const profile = await profiles.get(found.id);
    if (out.json) out.document({ profile: describeProfile(profile) });
    else {
      out.line(`Saved profile ${visible(profile.name)}.`);
      out.line(
        profile.sendPartnerKey
          ? 'Its API key goes with workflows that use partner nodes.'
          : 'Its API key does not go with workflows that use partner nodes.',
      );
      if (secret !== null) out.line('The new API key is in the system keychain.');
      if (profile.sendPartnerKey && !profile.hasCredential)
        out.note('It has no API key saved yet, so none can go: add one with --api-key-stdin.');
    }
    return exitCodes.ok;
  },
};
