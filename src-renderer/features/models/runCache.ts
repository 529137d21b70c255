// Writing Router runs into the query cache: a run's detail as a call answered it, and the summaries
// models.updates sends. The list stays newest first; a detail on screen takes a summary's newer fields at
// once and is read again when its state moved (a summary has no output, error or media).
import type { QueryClient } from '@tanstack/react-query';
import type { RouterRunDetail, RouterRunSummary, RouterSpend } from '../../../src-shared/contracts/models';
import { modelKeys } from '../../queries/modelKeys';

// The summary's fields named once: the list below is both what is taken from a detail and, through the
// compiler, checked against RouterRunSummary (a field missing here fails the build).
const SUMMARY_FIELDS = [
  'runId',
  'modelId',
  'mode',
  'state',
  'createdAt',
  'updatedAt',
  'queuePosition',
  'creditsUsed',
  'replayed',
  'errorBucket',
] as const satisfies ReadonlyArray<keyof RouterRunSummary>;

/** A run's detail cut down to the summary the Runs list holds. */
export function summaryOf(run: RouterRunDetail): RouterRunSummary {
  const summary: Pick<RouterRunDetail, (typeof SUMMARY_FIELDS)[number]> = Object.fromEntries(
    SUMMARY_FIELDS.map((field) => [field, run[field]]),
  ) as Pick<RouterRunDetail, (typeof SUMMARY_FIELDS)[number]>;
  return summary;
}

const newestFirst = (a: RouterRunSummary, b: RouterRunSummary) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;

/** An answer older than what the cache holds (a late poll after a stream event) does not move it back. */
function isOlder(next: { updatedAt: string }, held: { updatedAt: string }): boolean {
  return next.updatedAt < held.updatedAt;
}

function upsertSummaries(client: QueryClient, profileId: string, rows: readonly RouterRunSummary[]): void {
  client.setQueryData<RouterRunSummary[]>(modelKeys.runs(profileId), (held) => {
    if (held === undefined) return held;
    const byId = new Map(held.map((run) => [run.runId, run]));
    for (const row of rows) {
      const current = byId.get(row.runId);
      if (!current || !isOlder(row, current)) byId.set(row.runId, row);
    }
    return [...byId.values()].sort(newestFirst);
  });
}

/** A run as a call (run, retry, cancel, getRun) answered it. */
export function putRun(client: QueryClient, profileId: string, run: RouterRunDetail): void {
  const key = modelKeys.run(profileId, run.runId);
  const held = client.getQueryData<RouterRunDetail>(key);
  if (!held || !isOlder(run, held)) client.setQueryData(key, run);
  const list = client.getQueryData<RouterRunSummary[]>(modelKeys.runs(profileId));
  if (list === undefined) {
    void client.invalidateQueries({ queryKey: modelKeys.runs(profileId), exact: true });
  } else {
    upsertSummaries(client, profileId, [summaryOf(run)]);
  }
}

/** What models.updates said: runs that moved, and the spend when it moved. */
export function applyModelUpdate(
  client: QueryClient,
  profileId: string,
  runs: readonly RouterRunSummary[],
  spend: RouterSpend | null,
): void {
  upsertSummaries(client, profileId, runs);
  for (const row of runs) {
    const key = modelKeys.run(profileId, row.runId);
    const held = client.getQueryData<RouterRunDetail>(key);
    if (!held || isOlder(row, held)) continue;
    client.setQueryData<RouterRunDetail>(key, { ...held, ...row });
    if (held.state !== row.state) {
      void client.invalidateQueries({ queryKey: key, exact: true }, { cancelRefetch: false });
    }
  }
  if (spend !== null) client.setQueryData(modelKeys.spend(profileId), spend);
}
