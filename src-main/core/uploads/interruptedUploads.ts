// Uploads Loupe was in the middle of when it last stopped (a crash, a forced quit): rows of the store's
// uploads table still pending, sent or unknown. They come back as finished batches whose files failed with
// code `interrupted` (or `interrupted_page_file`), so the tray shows them and Retry resumes each on its own row: hashed again, then the
// by-hash answer settles whether the earlier request created the asset (prepareRow), so nothing is uploaded
// twice and nothing is forgotten. Only files read from a local path can be resumed; the page's copy of a
// dropped file is gone with the page, so those are listed with the advice to drop the file again.
import { basename, isAbsolute } from 'node:path';
import {
  UPLOAD_INTERRUPTED_CODE,
  UPLOAD_INTERRUPTED_PAGE_FILE_CODE,
  uploadOptionsSchema,
  type UploadOptions,
  type UploadOutcome,
} from '../../../src-shared/contract';
import type { UploadRow, UploadsTable } from '../store';
import { UploadBatchState } from './uploadBatch';

/** Rows whose request may not have finished. */
const unfinishedStates = ['pending', 'sent', 'unknown'] as const;

export interface InterruptedGroup {
  state: UploadBatchState;
  /** Files read from a local path: Retry resumes them. Page-dropped files cannot be. */
  resumable: boolean;
}

/** The interrupted uploads of one profile, one batch per set of upload options, oldest first. */
export function interruptedGroups(
  uploads: UploadsTable,
  profileId: string,
  newBatchId: () => string,
): InterruptedGroup[] {
  const rows = uploads.list(profileId, unfinishedStates).rows.reverse();
  const groups = new Map<string, { rows: UploadRow[]; options: UploadOptions; resumable: boolean }>();
  for (const row of rows) {
    const options = optionsOf(row);
    const resumable = isAbsolute(row.filePath);
    const key = `${String(resumable)}\n${JSON.stringify(options)}`;
    const group = groups.get(key) ?? { rows: [], options, resumable };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => ({
    state: restoredState(profileId, group.rows, group.options, group.resumable, newBatchId()),
    resumable: group.resumable,
  }));
}

function restoredState(
  profileId: string,
  rows: readonly UploadRow[],
  options: UploadOptions,
  resumable: boolean,
  batchId: string,
): UploadBatchState {
  const state = new UploadBatchState(
    batchId,
    profileId,
    rows[0]?.createdAt ?? new Date(0).toISOString(),
    options,
    rows.map((row) => ({
      path: row.filePath,
      relativePath: row.placement?.relativePath ?? basename(row.filePath),
      size: row.size,
    })),
    [],
  );
  state.allRecords().forEach((record, index) => {
    const row = rows[index];
    if (row === undefined) return;
    record.rowId = row.id;
    state.update(record.file.fileId, {
      state: 'done',
      hash: row.hash,
      // An intent is recorded after its file was hashed: the whole file was, then.
      bytesHashed: row.hash === null ? 0 : row.size,
      outcome: interruptedOutcome(row, resumable),
    });
  });
  return state;
}

function interruptedOutcome(row: UploadRow, resumable: boolean): UploadOutcome {
  const mayExist = row.state !== 'pending';
  const what = mayExist
    ? 'Loupe stopped before the service answered this upload.'
    : 'Loupe stopped before this upload was sent.';
  const next = resumable
    ? ' Retry checks the service by hash first, so nothing is uploaded twice.'
    : ' Drop the file again to finish it; Loupe checks the service by hash first, so nothing is uploaded twice.';
  return {
    kind: 'failed',
    code: resumable ? UPLOAD_INTERRUPTED_CODE : UPLOAD_INTERRUPTED_PAGE_FILE_CODE,
    message: what + next,
    corruption: false,
    outcomeUnknown: mayExist,
  };
}

/** The options the upload was made with; a row from before they were kept (or a damaged one) has none. */
function optionsOf(row: UploadRow): UploadOptions {
  if (row.placement === null) return {};
  const { relativePath: _relativePath, ...options } = row.placement;
  const parsed = uploadOptionsSchema.safeParse(options);
  return parsed.success ? parsed.data : {};
}
