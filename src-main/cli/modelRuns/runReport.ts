// How a Router run reads in the terminal: the disclosures and cost as notes on stderr (stdout stays the result),
// a failure in words with each refused field, the run's record as lines for `requests get`, and the --json
// document. Every piece of service text goes through `visible`.
import type { RouterRunDetail, RouterRunError } from '../../../src-shared/contracts/models';
import { exitCodes, type ExitCode } from '../exitCodes';
import { formatBytes } from '../format';
import type { Output } from '../io';
import { visible } from '../terminalText';
import type { SavedFile } from './runFiles';

/** Credits, replay, the provider's dropped params and a fallback provider: what the answer's headers said. */
export function printDisclosures(out: Output, run: RouterRunDetail): void {
  if (out.json) return;
  if (run.creditsUsed !== null) out.note(`credits used: ${run.creditsUsed}`);
  if (run.replayed) out.note('replayed: the Router answered from its record of this key; not charged again');
  if (run.droppedParams.length > 0)
    out.note(`the provider ignored: ${visible(run.droppedParams.join(', '))}`);
  if (run.fallbackProvider !== null) out.note(`served by ${visible(run.fallbackProvider)} (fallback)`);
}

/** `input.prompt` of a 422's loc (`["body", "prompt"]`): where in the input the problem is. */
function fieldOf(loc: ReadonlyArray<string | number>): string {
  const path = loc[0] === 'body' ? loc.slice(1) : loc;
  return path.length === 0 ? '(the input)' : path.map(String).join('.');
}

export function errorLines(error: RouterRunError): string[] {
  const status = error.status === null ? '' : ` (HTTP ${error.status})`;
  const lines = [`error: ${visible(error.bucket ?? 'run_failed')}${status}: ${visible(error.message)}`];
  for (const issue of error.validation)
    lines.push(`  ${visible(fieldOf(issue.loc))}: ${visible(issue.msg)} (${visible(issue.type)})`);
  if (error.upstreamStatus !== null) lines.push(`  upstream status: ${error.upstreamStatus}`);
  if (error.detail !== null) lines.push(`  the Router said: ${visible(error.detail)}`);
  return lines;
}

/** What the cancel cost: the Router's credits when it said them, else what the run had reached when asked. */
export function cancelCost(run: RouterRunDetail): string {
  if (run.creditsUsed !== null && run.creditsUsed > 0)
    return `it had started; charged ${run.creditsUsed} credits.`;
  if (run.creditsUsed === 0) return 'charged nothing.';
  if (run.cancelAfterStart)
    return 'it was already running when the Router took the cancel (CANCELLATION_REQUESTED), so it may be charged; the Router has not said how much.';
  if (run.cancelRequested)
    return 'it was waiting in the queue when the Router took the cancel (as Loupe last saw it): not charged.';
  return 'Loupe did not see whether it had started; if it had, it may be charged.';
}

/** A run's outcome as a script reads it. A run whose answer was lost is neither success nor failure. */
export function exitCodeForRun(run: RouterRunDetail): ExitCode {
  switch (run.state) {
    case 'completed':
    case 'in_queue':
    case 'in_progress':
      return exitCodes.ok;
    case 'failed':
      return exitCodes.failed;
    case 'cancelled':
      return exitCodes.canceled;
    default:
      return exitCodes.undetermined;
  }
}

export function stateWords(run: RouterRunDetail): string {
  const position = run.queuePosition === null ? '' : ` (position ${run.queuePosition})`;
  const open = run.state === 'in_queue' || run.state === 'in_progress';
  const asked = run.cancelRequested && open ? ', cancel requested' : '';
  const lost =
    run.state === 'sent' && run.error?.outcome === 'answer_lost' ? ' (taken by the Router, answer lost)' : '';
  return `${run.state}${run.state === 'in_queue' ? position : ''}${asked}${lost}`;
}

/** The record, one fact a line (`requests get`). */
export function detailLines(run: RouterRunDetail): string[] {
  const rows: Array<[string, string | null]> = [
    ['run', run.runId],
    ['request', run.requestId],
    ['model', run.modelId],
    ['mode', run.mode],
    ['state', stateWords(run)],
    ['credits', run.creditsUsed === null ? null : String(run.creditsUsed)],
    ['replayed', run.replayed ? 'yes (not charged again)' : null],
    ['ignored', run.droppedParams.length > 0 ? run.droppedParams.join(', ') : null],
    ['served by', run.fallbackProvider],
    ['created', run.createdAt],
    ['updated', run.updatedAt],
  ];
  const lines = rows
    .filter((row): row is [string, string] => row[1] !== null)
    .map(([name, value]) => `${name.padEnd(10)} ${visible(value)}`);
  for (const medium of run.media) {
    const kept = medium.url === null ? 'being saved' : formatBytes(medium.sizeBytes);
    lines.push(`medium     ${visible(medium.name)}  ${visible(medium.contentType)}  ${kept}`);
  }
  return lines;
}

/** --json: the record without the asset-route URLs (a CLI has no page to load them), plus the files written. */
export function runDocument(run: RouterRunDetail, files: readonly SavedFile[]): unknown {
  const { input: _input, ...rest } = run;
  return {
    ...rest,
    media: run.media.map(({ url: _url, ...medium }) => medium),
    files,
  };
}
