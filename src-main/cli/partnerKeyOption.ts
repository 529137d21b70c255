// `--partner-key on|off` of `profiles add` and `profiles edit`: the profile's choice to send its own key with
// workflows that use partner nodes (issue 20). A word, not a bare flag, so turning it off is as plain as on.
import type { OptionHelp, ParseArgsOptionsConfig } from './commandSpec';
import type { ParsedArgs } from './parsedArgs';
import { visible } from './terminalText';

export const partnerKeyOptions = {
  'partner-key': { type: 'string' },
} as const satisfies ParseArgsOptionsConfig;

export const partnerKeyHelp: OptionHelp = {
  flag: '--partner-key on|off',
  text:
    'send the profile\u2019s API key with workflows that use partner nodes, so those nodes bill the account ' +
    '(off unless turned on; where the service does not say which nodes are partner nodes, the key goes with ' +
    'every submission)',
};

/** The choice the arguments make; undefined when they make none. */
export function partnerKeyChoice(args: ParsedArgs): boolean | undefined {
  const text = args.string('partner-key');
  if (text === undefined) return undefined;
  if (text === 'on') return true;
  if (text === 'off') return false;
  throw args.usageError(`--partner-key ${visible(text)} is not a choice: use on or off.`);
}
