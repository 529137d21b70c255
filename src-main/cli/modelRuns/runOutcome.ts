// The end of `models run` and `models requests get`: the result written where the user can find it (paid
// results are never thrown away), stdout kept for the result (the output JSON, or the paths written), the
// disclosures and any failure on stderr, and the exit code scripts branch on.
import type { RouterRunDetail } from '../../../src-shared/contracts/models';
import type { CommandContext } from '../commandSpec';
import { printError } from '../errorReport';
import { exitCodes, type ExitCode } from '../exitCodes';
import { formatBytes } from '../format';
import { safeJson, visible } from '../terminalText';
import type { RouterScope } from './routerScope';
import { saveMedia, saveOutputJson, writeResultTo, type SavedFile } from './runFiles';
import { cancelCost, errorLines, exitCodeForRun, printDisclosures, runDocument } from './runReport';

export interface FinishOptions {
  /** -o FILE, resolved against the working folder: the result goes exactly there. */
  target: string | null;
  /**
   * Without -o: 'media' copies the media into the working folder and prints a JSON output (`models run`); 'all'
   * also writes the JSON output as a file (`requests get --save`); 'none' writes nothing (`requests get`).
   */
  save: 'media' | 'all' | 'none';
  /** The run's Idempotency-Key when the CLI knows it: sending again under it is never charged twice. */
  idempotencyKey: string | null;
}

async function writeFiles(
  context: CommandContext,
  scope: RouterScope,
  run: RouterRunDetail,
  options: FinishOptions,
): Promise<{ files: SavedFile[]; unsaved: number[] }> {
  const { io, signal } = context;
  const files: SavedFile[] = [];
  if (options.target !== null) files.push(await writeResultTo(scope, run, options.target, signal));
  // With -o the JSON went to the file; the media it links to still need a home of their own.
  const mediaToo = options.target === null ? options.save !== 'none' : run.output !== null;
  const media = mediaToo ? await saveMedia(scope, run, io.cwd, signal) : { files: [], unsaved: [] };
  files.push(...media.files);
  if (options.target === null && options.save === 'all' && run.output !== null)
    files.push(await saveOutputJson(run, io.cwd, signal));
  return { files, unsaved: media.unsaved };
}

function printResult(
  context: CommandContext,
  run: RouterRunDetail,
  files: readonly SavedFile[],
  options: FinishOptions,
): void {
  const { out } = context;
  // What stdout carries: the JSON output itself when it is not in a file, else the paths of what was written.
  const outputOnStdout = options.target === null && options.save !== 'all' && run.output !== null;
  if (outputOnStdout) out.line(safeJson(run.output, 2));
  for (const file of files) {
    const size = `${formatBytes(file.bytes)}, ${visible(file.contentType)}`;
    if (outputOnStdout) out.note(`saved ${visible(file.path)} (${size})`);
    else {
      out.line(visible(file.path));
      out.note(`wrote ${visible(file.path)} (${size})`);
    }
  }
}

function printFailure(context: CommandContext, run: RouterRunDetail, options: FinishOptions): void {
  const { out } = context;
  const error = run.error;
  const key = options.idempotencyKey;
  const again = key === null ? '' : ` --idempotency-key ${visible(key)}`;
  if (run.state === 'pending' || run.state === 'sent') {
    const next =
      `next: look with \`loupe models requests get ${run.runId}\`, or run the same command again${again}: ` +
      'the Router replays its answer under that key instead of charging again.';
    if (error?.outcome === 'answer_lost') {
      // The Router took it (its 2xx came): the run happened, and asking again is the one right step.
      report(context, 'answer_lost', `Run ${run.runId}: ${error.message}`, [next], exitCodes.undetermined);
      return;
    }
    const words = error?.message ?? 'The Router’s answer did not arrive.';
    const unknown = `Loupe could not tell whether run ${run.runId} happened: ${words}`;
    report(context, 'outcome_unknown', unknown, [next], exitCodes.undetermined);
    return;
  }
  if (error === null) return;
  if (run.state === 'cancelled' && !out.json) {
    // A cancel is what the user asked for, not an error: said as what happened and what it cost.
    out.note(`cancelled: ${cancelCost(run)}`);
    return;
  }
  const hints: string[] = [];
  if (error.validation.length > 0) hints.push('next: fix these fields in the input file, then run again.');
  else if (error.retryable && run.state === 'failed')
    hints.push(`next: it is safe to send it again under its key: run the same command again${again}.`);
  if (out.json) {
    const exitCode = exitCodeForRun(run);
    report(context, error.bucket ?? 'run_failed', error.message, hints, exitCode, error, error.status);
    return;
  }
  for (const line of errorLines(error)) out.note(line);
  for (const hint of hints) out.note(hint);
}

function report(
  context: CommandContext,
  code: string,
  message: string,
  hints: readonly string[],
  exitCode: ExitCode,
  details: unknown = null,
  status: number | null = null,
): void {
  const { out } = context;
  if (!out.json) {
    out.note(`error: ${code}: ${visible(message)}`);
    for (const hint of hints) out.note(hint);
    return;
  }
  const hint = hints.length === 0 ? null : hints.join(' ').replace(/^next: /, '');
  printError({ code, message, hint, status, details, exitCode }, out);
}

/** Writes, prints and scores a run that is done (or whose answer was lost). */
export async function finishRun(
  context: CommandContext,
  scope: RouterScope,
  run: RouterRunDetail,
  options: FinishOptions,
): Promise<ExitCode> {
  const { out } = context;
  const written =
    run.state === 'completed' ? await writeFiles(context, scope, run, options) : { files: [], unsaved: [] };
  if (out.json) out.document(runDocument(run, written.files));
  else if (run.state === 'completed') printResult(context, run, written.files, options);
  printDisclosures(out, run);
  if (!out.json) {
    for (const index of written.unsaved)
      out.note(`medium ${index + 1} could not be kept by Loupe; its link is in the output.`);
  }
  printFailure(context, run, options);
  return exitCodeForRun(run);
}
