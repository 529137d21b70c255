// Which store row an upload attempt goes out under (ARCHITECTURE rule 6): a new intent, or the previous
// attempt's row brought up to date, settling first what that earlier request may have done.
import type { UploadRow } from '../store';
import type { FileDigest } from './fileHasher';
import type { FileJob, FilePipelineDeps } from './uploadFile';

/** The row this attempt is sent under: a new intent, or the previous attempt's row brought up to date. */
export function prepareRow(
  job: FileJob,
  digest: FileDigest,
  known: boolean,
  profileId: string,
  deps: FilePipelineDeps,
): UploadRow {
  const previous = job.rowId === null ? null : deps.uploads.get(job.rowId);
  const fresh = (): UploadRow =>
    deps.uploads.recordIntent({
      id: deps.newId(),
      profileId,
      filePath: job.path,
      size: digest.size,
      hash: digest.hash,
      // from-hash sends no key; the row still needs one, and it is never presented anywhere else.
      idempotencyKey: deps.newKey(),
      placement: { relativePath: job.relativePath, ...job.options },
    });
  if (previous === null) return fresh();
  if (previous.hash !== null && previous.hash !== digest.hash) {
    // Other bytes now: a new upload. The old row, if unfinished, is settled so it is never offered for
    // resuming again (whatever it may have created stays the service's, under its own hash).
    if (previous.state !== 'created' && previous.state !== 'failed') {
      deps.uploads.abandon(previous.id, 'replaced: the file changed, and its new bytes went as a new upload');
    }
    return fresh();
  }
  switch (previous.state) {
    case 'pending':
      return previous;
    case 'failed':
      // A definitive failure released the key, but a new attempt gets a new one all the same.
      return deps.uploads.requeue(previous.id, deps.newKey());
    case 'sent':
    case 'unknown':
      // The earlier request may have created an asset. The by-hash answer settles it: held bytes are minted
      // on this row (from-hash presents no key); bytes not held mean nothing was created, and the old key
      // stays claimed on the service (v2 rule 5), so the new request gets a new key.
      if (known) return previous;
      deps.uploads.markResult(previous.id, {
        outcome: 'failed',
        error: 'reconciled: the service does not hold these bytes, so the earlier request created nothing',
      });
      return deps.uploads.requeue(previous.id, deps.newKey());
    case 'created':
      return fresh();
  }
}
