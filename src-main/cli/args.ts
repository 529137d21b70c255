// From argv to a command and its arguments. Global options (--json, --help, --profile, --data-dir) may
// come anywhere; the command words come first among the rest (`loupe --json jobs get ID`). Each command is
// then parsed strictly with node:util parseArgs, so an unknown option or a missing value is a usage error.
import { parseArgs } from 'node:util';
import { globalOptions, type CommandSpec } from './commandSpec';
import { UsageError } from './errors';
import { ParsedArgs, type OptionValue } from './parsedArgs';

export interface GlobalArgs {
  json: boolean;
  help: boolean;
  version: boolean;
  profile: string | undefined;
  dataDir: string | undefined;
}

export type Invocation =
  | { kind: 'command'; spec: CommandSpec; args: ParsedArgs; globals: GlobalArgs }
  /** No command, or a group without its command word, or --help on a group: print help for `words`. */
  | { kind: 'help'; words: readonly string[]; globals: GlobalArgs; reason: string | null }
  | { kind: 'version'; globals: GlobalArgs };

const globalValueOptions = new Set(['--profile', '--data-dir']);

export function helpHint(words: readonly string[]): string {
  return `Run \`loupe ${[...words, '--help'].join(' ')}\` for usage.`;
}

/** The most command words a command has (`models requests list`). */
const MAX_COMMAND_WORDS = 3;

/**
 * Finds the command words: the first tokens (up to three) that are neither options nor option values. A word
 * past the command's own (`jobs get ID`) goes back to its positionals once the command is known.
 */
function commandWords(argv: readonly string[]): { words: string[]; rest: string[] } {
  const words: string[] = [];
  const rest: string[] = [];
  let expectValue = false;
  let seenOption = false;
  for (const token of argv) {
    if (expectValue) {
      rest.push(token);
      expectValue = false;
    } else if (token === '--') {
      seenOption = true;
      rest.push(token);
    } else if (token.startsWith('-') && token !== '-') {
      // Only global options may come before the command words; anything else ends the search.
      if (!isGlobalToken(token)) seenOption = true;
      expectValue = globalValueOptions.has(token);
      rest.push(token);
    } else if (!seenOption && words.length < MAX_COMMAND_WORDS) {
      words.push(token);
    } else {
      rest.push(token);
    }
  }
  return { words, rest };
}

function isGlobalToken(token: string): boolean {
  const name = token.split('=')[0] ?? token;
  return ['--json', '--help', '-h', '--version', '--profile', '--data-dir'].includes(name);
}

function readGlobals(values: Readonly<Record<string, OptionValue>>): GlobalArgs {
  const text = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    json: values.json === true,
    help: values.help === true,
    version: values.version === true,
    profile: text('profile'),
    dataDir: text('data-dir'),
  };
}

export function parseInvocation(argv: readonly string[], specs: readonly CommandSpec[]): Invocation {
  const { words, rest } = commandWords(argv);
  const groups = new Set(specs.filter((spec) => spec.words.length > 1).map((spec) => spec.words[0]));
  const group = words[0];
  const spec = longestCommand(specs, words);
  const extra = spec === undefined ? [] : words.slice(spec.words.length);
  if (spec === undefined) {
    const globals = readGlobals(parseGlobalsOnly(rest));
    if (globals.version && words.length === 0) return { kind: 'version', globals };
    if (group === undefined) return { kind: 'help', words: [], globals, reason: null };
    if (!groups.has(group)) {
      return { kind: 'help', words: [], globals, reason: `There is no command \`${group}\`.` };
    }
    return { kind: 'help', words: [group], globals, reason: missingCommandReason(specs, words, globals) };
  }
  const hint = helpHint(spec.words);
  let parsed: { values: Record<string, OptionValue>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...extra, ...rest],
      options: { ...globalOptions, ...spec.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : 'The arguments could not be read.', hint);
  }
  const globals = readGlobals(parsed.values);
  if (globals.help) return { kind: 'help', words: spec.words, globals, reason: null };
  checkPositionals(spec, parsed.positionals, hint);
  return { kind: 'command', spec, args: new ParsedArgs(parsed.values, parsed.positionals, hint), globals };
}

/** The command whose words begin `words`, the longest one when several do (`models requests list`). */
function longestCommand(specs: readonly CommandSpec[], words: readonly string[]): CommandSpec | undefined {
  let found: CommandSpec | undefined;
  for (const candidate of specs) {
    const matches = candidate.words.every((word, index) => words[index] === word);
    if (matches && candidate.words.length > (found?.words.length ?? 0)) found = candidate;
  }
  return found;
}

/** Why no command matched inside a known group: a group (or sub-group) without its command, or a wrong word. */
function missingCommandReason(
  specs: readonly CommandSpec[],
  words: readonly string[],
  globals: GlobalArgs,
): string | null {
  // The longest run of words that some command starts with: `models`, or `models requests`.
  let known = 1;
  while (
    known < words.length &&
    specs.some((spec) => words.slice(0, known + 1).every((w, i) => spec.words[i] === w))
  )
    known += 1;
  if (known === words.length) {
    return globals.help ? null : `\`loupe ${words.join(' ')}\` needs a command.`;
  }
  return `There is no command \`${words.slice(0, known + 1).join(' ')}\`.`;
}

/** Reads only the global options, tolerating anything else (used when no command matched). */
function parseGlobalsOnly(rest: readonly string[]): Record<string, OptionValue> {
  const { values } = parseArgs({
    args: [...rest],
    options: { ...globalOptions, version: { type: 'boolean' } },
    allowPositionals: true,
    strict: false,
  });
  return values;
}

function checkPositionals(spec: CommandSpec, positionals: readonly string[], hint: string): void {
  const required = spec.positionals.length;
  const allowed = required + (spec.optionalPositionals?.length ?? 0);
  const names = [...spec.positionals, ...(spec.optionalPositionals ?? [])];
  if (positionals.length < required) {
    const missing = spec.positionals.slice(positionals.length).join(' ');
    throw new UsageError(`\`loupe ${spec.words.join(' ')}\` needs ${missing}.`, hint);
  }
  if (positionals.length > allowed) {
    const unexpected = positionals.slice(allowed).join(' ');
    const expected = names.length === 0 ? 'no arguments' : names.join(' ');
    throw new UsageError(`Unexpected argument: ${unexpected} (expected ${expected}).`, hint);
  }
}
