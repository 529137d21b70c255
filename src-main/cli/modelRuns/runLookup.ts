// `requests get|cancel ID` take either id a person may hold: Loupe's run id (what `requests list` shows) or the
// Router's request id (what `models run --queue` prints), looked up among this profile's runs only.
import type { RouterRunDetail } from '../../../src-shared/contracts/models';
import { isDomainError } from '../../core/errors';
import { UsageError } from '../errors';
import { visible } from '../terminalText';
import type { RouterScope } from './routerScope';

/** How far back a request id is looked for: the runs `requests list --limit` can show. */
const SEARCHED_RUNS = 1000;

function byRunId(scope: RouterScope, id: string): RouterRunDetail | null {
  try {
    return scope.router.getRun(scope.profileId, id);
  } catch (error) {
    if (isDomainError(error, 'not_found')) return null;
    throw error;
  }
}

export function findRun(scope: RouterScope, id: string): RouterRunDetail {
  const direct = byRunId(scope, id);
  if (direct !== null) return direct;
  for (const summary of scope.router.runs(scope.profileId, { limit: SEARCHED_RUNS })) {
    const run = byRunId(scope, summary.runId);
    if (run?.requestId === id) return run;
  }
  throw new UsageError(
    `No Router run of ${visible(scope.label)} has the id or request id ${visible(id)}.`,
    '`loupe models requests list` shows this profile’s runs (Loupe’s run ids; the Router’s request ids are in --json).',
    'run_not_found',
  );
}
