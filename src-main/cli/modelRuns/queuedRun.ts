// A queued run from the CLI: admitted, it is named by the Router's request id (printed last on stdout, so a
// script can take it); --wait follows it with core's own looks (the status_url's Retry-After honoured). Ctrl-C
// stops the waiting only: the run goes on in the Router's queue, and the note says how to follow it.
import type { RouterRunDetail } from '../../../src-shared/contracts/models';
import type { CommandContext } from '../commandSpec';
import { visible } from '../terminalText';
import type { RouterScope } from './routerScope';
import { printDisclosures, runDocument, stateWords } from './runReport';

/** The name `requests get|cancel` will be given: the Router's request id, else Loupe's run id. */
export function handleOf(run: RouterRunDetail): string {
  return run.requestId ?? run.runId;
}

export function printQueued(context: CommandContext, run: RouterRunDetail): void {
  const { out } = context;
  if (out.json) {
    out.document(runDocument(run, []));
    return;
  }
  const handle = visible(handleOf(run));
  printDisclosures(out, run);
  out.note(`queued: run ${run.runId}, ${stateWords(run)}`);
  out.note(
    `follow it with \`loupe models requests get ${handle} --wait\`; cancel it with ` +
      `\`loupe models requests cancel ${handle}\` (both take this request id or Loupe’s run id).`,
  );
  out.line(handle);
}

export async function followQueued(
  context: CommandContext,
  scope: RouterScope,
  run: RouterRunDetail,
): Promise<RouterRunDetail> {
  const { out, signal } = context;
  const stop = scope.router.onUpdate((update) => {
    const mine = update.runs.find((summary) => summary.runId === run.runId);
    if (mine !== undefined) out.status(`${mine.modelId}  ${mine.state}${positionOf(mine.queuePosition)}`);
  });
  try {
    return await scope.router.waitForRun(scope.profileId, run.runId, { signal });
  } catch (error) {
    if (signal.aborted && !out.json) {
      out.clearStatus();
      const handle = visible(handleOf(run));
      out.note(
        `Stopped waiting. The run goes on in the Router’s queue: \`loupe models requests get ${handle} --wait\` ` +
          `follows it; \`loupe models requests cancel ${handle}\` cancels it.`,
      );
    }
    throw error;
  } finally {
    stop();
    out.clearStatus();
  }
}

function positionOf(position: number | null): string {
  return position === null ? '' : ` (position ${position})`;
}
