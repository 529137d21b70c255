// `runCli`: the whole CLI as a function of its arguments and its surroundings, returning the exit code.
// index.ts calls it with the real process; tests call it in-process with in-memory streams.
import { LOUPE_VERSION } from '../core/app/version';
import { parseInvocation, type GlobalArgs, type Invocation } from './args';
import { commandTable } from './commandTable';
import { reportFor, printError } from './errorReport';
import { exitCodes } from './exitCodes';
import { commandHelp, groupHelp, overviewHelp } from './help';
import { Output, type CliDeps, type CliIo } from './io';
import { Session } from './session';

export type { CliDeps, CliIo } from './io';

function helpText(words: readonly string[]): string {
  const spec = commandTable.find((candidate) => candidate.words.join(' ') === words.join(' '));
  if (spec !== undefined) return commandHelp(spec);
  const group = words[0];
  return group === undefined ? overviewHelp(commandTable) : groupHelp(group, commandTable);
}

function showHelp(invocation: Extract<Invocation, { kind: 'help' }>, io: CliIo): number {
  const text = helpText(invocation.words);
  if (invocation.reason === null) {
    io.stdout.write(`${text}\n`);
    return exitCodes.ok;
  }
  io.stderr.write(`error: ${invocation.reason}\n\n${text}\n`);
  return exitCodes.usage;
}

/** Global flags for the error path, when parsing itself failed: --json still decides the error's form. */
function bestEffortGlobals(argv: readonly string[]): Pick<GlobalArgs, 'json'> {
  return { json: argv.includes('--json') };
}

export async function runCli(argv: readonly string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const signal = deps.signal ?? new AbortController().signal;
  let out = new Output(io, bestEffortGlobals(argv).json);
  let session: Session | null = null;
  try {
    const invocation = parseInvocation(argv, commandTable);
    if (invocation.kind === 'version') {
      io.stdout.write(`${LOUPE_VERSION}\n`);
      return exitCodes.ok;
    }
    if (invocation.kind === 'help') return showHelp(invocation, io);
    out = new Output(io, invocation.globals.json);
    session = new Session(io, deps, invocation.globals);
    return await invocation.spec.run({ args: invocation.args, out, io, deps, session, signal });
  } catch (error) {
    const report = reportFor(error, signal);
    out.clearStatus();
    printError(report, out);
    return report.exitCode;
  } finally {
    await session?.close();
  }
}
