// The shape of one command: its words, arguments, options, help text and handler. The command table
// (commandTable.ts) lists them; the parser, the help printer and the dispatcher all read the same specs.
import type { ParseArgsConfig } from 'node:util';
import type { ParsedArgs } from './parsedArgs';
import type { Session } from './session';
import type { CliDeps, CliIo, Output } from './io';

/** node:util parseArgs option definitions (the type itself is not exported by @types/node). */
export type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

export interface CommandContext {
  args: ParsedArgs;
  out: Output;
  io: CliIo;
  deps: CliDeps;
  session: Session;
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
}

export interface OptionHelp {
  /** As shown, e.g. '--label k=v'. */
  flag: string;
  text: string;
}

export interface CommandSpec {
  /** ['jobs', 'submit'], or one word for a command without a group. */
  words: readonly string[];
  summary: string;
  /** Positional argument names, e.g. ['FILE']; all required unless listed in `optionalPositionals`. */
  positionals: readonly string[];
  optionalPositionals?: readonly string[];
  /** Command options for node:util parseArgs (the global ones are added by the parser). */
  options: ParseArgsOptionsConfig;
  optionHelp: readonly OptionHelp[];
  /** Paragraphs after the option list: exit codes, what the output looks like, examples. */
  details?: string;
  /** False for commands that never talk to a service (the connection options are then not shown). */
  usesConnection: boolean;
  run(context: CommandContext): Promise<number>;
}

export const globalOptions = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  profile: { type: 'string' },
  'data-dir': { type: 'string' },
} as const satisfies ParseArgsOptionsConfig;
