// The judge of one trial: the service's own count of jobs per item (and assets per file) against Loupe's
// record after a clean final resume. The promises, precisely:
//   doubled  the service made a job for an item while another job of that item was still alive or had
//            succeeded (a retry after a job that failed or was canceled is a new attempt, not a double);
//            or a file's bytes were uploaded (multipart) into a second asset.
//   lost     a job or asset exists on the service that Loupe's record does not know and will not find (the
//            final clean resume has already looked), or Loupe records an item or upload as refused while what
//            it sent exists, or Loupe names a job the service never made, or says a cancel was taken that the
//            service never got, or calls a job gone from the service (in its record, or to a window at any
//            moment) that the service still has.
import type { FiredFault } from '../hostile/faultBook';
import type { ServiceLedger } from '../hostile/ledger';
import type { LoupeRecord, RecordedItem } from '../driver/protocol';
import { fileTag, identityOf } from '../trialWorkflow';

/** One broken promise; which one is said by the list it is in (lost, doubled, deaths). */
export interface Finding {
  /** What broke: an item's identity, a file, a process. */
  subject: string;
  reason: string;
}

export interface CancelReport {
  jobId: string;
  ok: boolean;
  detail: string;
}

export interface Verdict {
  lost: Finding[];
  doubled: Finding[];
  /**
   * Items Loupe still calls unsent or unknown after the good day, with no job on the service: no promise is
   * broken (nothing exists that Loupe denies), but the lead may want to know how many are left hanging.
   */
  undetermined: string[];
}

function itemText(item: RecordedItem | undefined): string {
  if (item === undefined) return 'no item in Loupe\u2019s record';
  const error = item.lastError === null ? '' : ` (“${item.lastError.slice(0, 140)}”)`;
  return `Loupe’s item #${item.position} is ${item.state}${error}`;
}

/** The faults that struck this item or file, for the reason. */
function struck(fired: readonly FiredFault[], target: string): string {
  const here = fired.filter((fault) => fault.target === target);
  if (here.length === 0) return '';
  return `; faults on it: ${here.map((f) => `${f.route} ${f.kind}${f.processed ? ' (after doing it)' : ''}`).join(', ')}`;
}

function judgeJobs(
  ledger: ServiceLedger,
  fired: readonly FiredFault[],
  record: LoupeRecord,
  verdict: Verdict,
): void {
  const hashOf = (assetId: string): string | null => ledger.assets.get(assetId)?.hash ?? null;
  const items = new Map<string, RecordedItem>();
  for (const item of record.items) {
    const identity = identityOf(item.workflow, hashOf);
    if (identity !== null) items.set(identity, item);
  }
  const known = new Set([
    ...record.jobs.map((job) => job.id),
    ...record.items.flatMap((item) => item.jobId ?? []),
  ]);
  for (const job of ledger.jobs.values()) {
    const subject = job.identity ?? `unidentified job ${job.id}`;
    const item = job.identity === null ? undefined : items.get(job.identity);
    if (job.doubles !== null) {
      const first = ledger.jobs.get(job.doubles);
      verdict.doubled.push({
        subject,
        reason:
          `job ${job.id.slice(-6)} was made while job ${job.doubles.slice(-6)} of the same item was ` +
          `${first === undefined ? 'alive' : 'alive or done'}; Loupe ${known.has(job.doubles) ? 'knew' : 'never recorded'} ` +
          `the first; ${itemText(item)}${struck(fired, subject)}`,
      });
    }
    if (!known.has(job.id)) {
      verdict.lost.push({
        subject,
        reason: `job ${job.id.slice(-6)} exists on the service (${ledger.statusOf(job)}) and Loupe’s record does not know it; ${itemText(item)}${struck(fired, subject)}`,
      });
    } else if (item?.state === 'failed' && job.key === item.idempotencyKey) {
      verdict.lost.push({
        subject,
        reason: `Loupe records the item as refused while its job ${job.id.slice(-6)} exists${struck(fired, subject)}`,
      });
    }
  }
  // The service never forgets a job here: a job Loupe called gone, in its record or to a window at any moment
  // of the trial, ended for Loupe without its end.
  const calledGone = new Set([
    ...record.jobs.filter((job) => job.goneAt !== null).map((job) => job.id),
    ...record.toldGone,
  ]);
  for (const jobId of calledGone) {
    const held = ledger.jobs.get(jobId);
    if (held === undefined) continue;
    const subject = held.identity ?? `unidentified job ${jobId}`;
    verdict.lost.push({
      subject,
      reason: `Loupe called job ${jobId.slice(-6)} gone from the service, which still has it (${ledger.statusOf(held)})${struck(fired, subject)}`,
    });
  }
  for (const [identity, item] of items) {
    const hanging = item.state === 'pending' || item.state === 'sent' || item.state === 'unknown';
    if (hanging && ledger.jobsOf(identity).length === 0)
      verdict.undetermined.push(`${identity} (${item.state})`);
    if (item.jobId !== null && !ledger.jobs.has(item.jobId)) {
      verdict.lost.push({
        subject: identity,
        reason: `Loupe names job ${item.jobId.slice(-6)}, which the service never made${struck(fired, identity)}`,
      });
    }
  }
}

function judgeAssets(
  ledger: ServiceLedger,
  fired: readonly FiredFault[],
  record: LoupeRecord,
  verdict: Verdict,
): void {
  const rowsByKey = new Map(record.uploads.map((row) => [row.idempotencyKey, row]));
  const recordedIds = new Set(record.uploads.flatMap((row) => row.assetId ?? []));
  const uploadsByHash = new Map<string, number>();
  const unexplained = new Map<string, number>();
  for (const asset of ledger.assets.values()) {
    const subject = `file ${fileTag(asset.hash)}`;
    if (asset.route === 'upload') {
      uploadsByHash.set(asset.hash, (uploadsByHash.get(asset.hash) ?? 0) + 1);
      if ((uploadsByHash.get(asset.hash) ?? 0) === 2) {
        verdict.doubled.push({
          subject,
          reason: `its bytes were uploaded into a second asset${struck(fired, fileTag(asset.hash))}`,
        });
      }
      const row = asset.key === null ? undefined : rowsByKey.get(asset.key);
      if (row?.state === 'failed') {
        verdict.lost.push({
          subject,
          reason: `asset ${asset.id.slice(-6)} was made, and Loupe records its upload as failed (“${(row.lastError ?? '').slice(0, 120)}”)${struck(fired, fileTag(asset.hash))}`,
        });
      } else if (row === undefined) {
        verdict.lost.push({
          subject,
          reason: `asset ${asset.id.slice(-6)} was made under a key Loupe has no record of`,
        });
      }
    } else if (asset.route === 'from-hash' && !recordedIds.has(asset.id)) {
      unexplained.set(asset.hash, (unexplained.get(asset.hash) ?? 0) + 1);
    }
  }
  // from-hash carries no key: a minted asset is accounted for by a row that names it, or by a row that
  // admits it may exist (unknown, sent). Any more is an asset Loupe believes was never made.
  for (const [hash, count] of unexplained) {
    const admitted = record.uploads.filter(
      (row) => row.hash === hash && (row.state === 'unknown' || row.state === 'sent') && row.assetId === null,
    ).length;
    if (count > admitted) {
      verdict.lost.push({
        subject: `file ${fileTag(hash)}`,
        reason: `${count - admitted} asset(s) minted by from-hash that no upload row of Loupe names or admits${struck(fired, fileTag(hash))}`,
      });
    }
  }
}

function judgeCancels(ledger: ServiceLedger, cancels: readonly CancelReport[], verdict: Verdict): void {
  for (const cancel of cancels) {
    const job = ledger.jobs.get(cancel.jobId);
    const said = cancel.ok && (cancel.detail === 'canceling' || cancel.detail === 'canceled');
    if (said && job !== undefined && job.cancelRequestedAt === null) {
      verdict.lost.push({
        subject: job.identity ?? cancel.jobId,
        reason: `Loupe says job ${cancel.jobId.slice(-6)} is ${cancel.detail}, but the service never got the cancel`,
      });
    }
  }
}

export function judge(
  ledger: ServiceLedger,
  fired: readonly FiredFault[],
  record: LoupeRecord,
  cancels: readonly CancelReport[],
): Verdict {
  const verdict: Verdict = { lost: [], doubled: [], undetermined: [] };
  judgeJobs(ledger, fired, record, verdict);
  judgeAssets(ledger, fired, record, verdict);
  judgeCancels(ledger, cancels, verdict);
  return verdict;
}
