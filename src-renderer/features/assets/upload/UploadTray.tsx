import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { InlineError } from '../../../components/InlineError';
import { visibleText } from '../../../lib/visibleText';
import { formatBytes } from '../assetFormat';
import { UploadBar } from './UploadBar';
import { UploadFileRow } from './UploadFileRow';
import { UPLOAD_INTERRUPTED_PAGE_FILE_CODE } from '../../../../src-shared/contract';
import { useForgetInterrupted, useInterruptedUploads } from './interruptedUploads';
import { dismissUploads } from './dismissUploads';
import { useUploadBatches } from './uploadProgress';
import { useUploadPlan } from './uploadPlans';
import { useUploads, type LocalUpload } from './uploadsStore';
import { useUploader } from './useUploader';
import { viewUpload, type FileView, type UploadTotals } from './uploadView';

/** The uploads of this session on the active profile, newest first, each with its files and totals. */
export function UploadTray({ profileId }: { profileId: string }) {
  useInterruptedUploads(profileId);
  const uploads = useUploads((state) => state.uploads);
  const mine = uploads.filter((upload) => upload.profileId === profileId);
  if (mine.length === 0) return null;
  return (
    <section
      aria-label="Uploads"
      className="max-h-[50%] shrink-0 overflow-y-auto border-b border-line bg-panel"
      data-testid="upload-tray"
    >
      {mine.map((upload) => (
        <UploadCard key={upload.id} upload={upload} />
      ))}
    </section>
  );
}

const FILES_ALWAYS_SHOWN = 3;

function needsAttention(file: FileView): boolean {
  return file.result !== null && file.result.kind !== 'uploaded' && file.result.kind !== 'deduplicated';
}

/** The bytes that travelled, or why none did. */
function sentWords(t: UploadTotals, hashing: boolean, finished: boolean): string {
  if (t.bytesToSend > 0) return `${formatBytes(t.bytesSent)} of ${formatBytes(t.bytesToSend)}`;
  // Finished with nothing sent: because the service had the bytes, or because every file stopped short.
  if (finished) return t.counts.deduplicated > 0 ? 'nothing needed sending' : 'nothing sent';
  return hashing ? 'after hashing' : 'checking…';
}

/** How full the Sent bar is: a finished card with nothing to send is full only if the service had the bytes. */
function sentFraction(t: UploadTotals, finished: boolean): number {
  if (t.bytesToSend > 0) return t.bytesSent / t.bytesToSend;
  return finished && t.counts.deduplicated > 0 ? 1 : 0;
}

/** What an interrupted card says; a page-dropped file can only be finished by dropping it again. */
function interruptedWords(files: readonly FileView[]): string {
  const dropAgain = files.some((file) => file.result?.code === UPLOAD_INTERRUPTED_PAGE_FILE_CODE);
  return dropAgain
    ? 'Interrupted when Loupe last stopped. Drop these files again to finish them: Loupe checks the service ' +
        'by hash first, so nothing is uploaded twice. Dismiss forgets them.'
    : 'Interrupted when Loupe last stopped. Resuming checks the service by hash first, so nothing is ' +
        'uploaded twice; Dismiss forgets these files.';
}

function UploadCard({ upload }: { upload: LocalUpload }) {
  // Main's plan and progress come from React Query; the page's own work on the files is `upload` itself.
  const plan = useUploadPlan(upload.id);
  const batches = useUploadBatches(plan.batchIds, upload.profileId);
  const view = viewUpload(upload, plan, batches);
  const uploader = useUploader();
  const client = useQueryClient();
  const forget = useForgetInterrupted();
  const resumable = view.files.filter((file) => file.canRetry);
  const t = view.totals;
  // A finished card is not hashing, even when a file stopped before its hash was done.
  const hashing = !view.finished && t.bytesHashed < t.bytesTotal;
  const sendTone = view.finished ? 'done' : 'sending';
  const [showAll, setShowAll] = useState(false);
  // A finished upload of many files keeps to what needs attention (failures, cancels); the summary says the rest.
  const collapsible = view.finished && view.files.length > FILES_ALWAYS_SHOWN;
  const shown = collapsible && !showAll ? view.files.filter(needsAttention) : view.files;
  return (
    <article
      aria-label="Upload"
      data-testid="upload-card"
      data-finished={view.finished ? 'true' : 'false'}
      className="border-b border-line last:border-b-0"
    >
      <header className="flex items-center gap-2 px-3 pt-2">
        <p className="min-w-0 flex-1 truncate text-xs font-medium text-fg" data-testid="upload-summary">
          {view.summary}
        </p>
        {upload.interrupted === true && view.finished && resumable.length > 0 ? (
          <Button
            variant="ghost"
            className="h-6 px-2"
            onClick={() => resumable.forEach((file) => uploader.retry(upload, file))}
          >
            Resume all
          </Button>
        ) : null}
        {view.finished ? (
          <Button
            variant="ghost"
            className="h-6 px-2"
            onClick={() =>
              upload.interrupted === true ? void forget(upload) : dismissUploads(client, [upload.id])
            }
          >
            Dismiss
          </Button>
        ) : (
          <Button variant="ghost" className="h-6 px-2" onClick={() => uploader.cancelAll(upload, view.files)}>
            Cancel all
          </Button>
        )}
      </header>
      {upload.interrupted === true ? (
        <p className="px-3 pt-1 text-[11px] text-state-canceled" data-testid="upload-interrupted">
          {interruptedWords(view.files)}
        </p>
      ) : null}
      {t.files > 0 ? (
        <div className="grid grid-cols-[3.5rem_minmax(0,1fr)_9.5rem] items-center gap-x-2 gap-y-1 px-3 pt-1.5 pb-2 text-[11px] text-muted">
          <span>Hashed</span>
          {/* Keys unique among the grid's children: the two bars share tones, and a shared key makes React
              drop or duplicate one of them. A new tone is still a new bar, so it never slides back. */}
          <UploadBar
            key={`hashed-${hashing ? 'hashing' : 'done'}`}
            value={t.bytesTotal === 0 ? 1 : t.bytesHashed / t.bytesTotal}
            tone={hashing ? 'hashing' : 'done'}
            label="Hashed, all files"
          />
          <span className="text-right tabular-nums" data-testid="upload-hashed">
            {formatBytes(t.bytesHashed)} of {formatBytes(t.bytesTotal)}
          </span>
          <span>Sent</span>
          <UploadBar
            key={`sent-${sendTone}`}
            value={sentFraction(t, view.finished)}
            tone={sendTone}
            label="Sent, all files"
          />
          <span className="text-right tabular-nums" data-testid="upload-sent">
            {sentWords(t, hashing, view.finished)}
          </span>
        </div>
      ) : null}
      {upload.problem !== null ? (
        <InlineError
          className="px-3 pb-2"
          message={`The upload did not start: ${upload.problem.message}`}
          code={upload.problem.code}
        />
      ) : null}
      {upload.leftOut.length > 0 ? (
        <details className="px-3 pb-2 text-[11px] text-muted">
          <summary className="cursor-pointer text-state-canceled">
            {upload.leftOut.length} {upload.leftOut.length === 1 ? 'item' : 'items'} left out
          </summary>
          <ul className="mt-1 space-y-0.5">
            {upload.leftOut.map((item) => (
              <li key={item.path}>
                <span className="font-mono">{visibleText(item.path)}</span>: {item.message}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {shown.length > 0 ? (
        <ul aria-label="Files" className="border-t border-line/60">
          {shown.map((file) => (
            <UploadFileRow
              key={file.key}
              file={file}
              onCancel={() => uploader.cancel(upload, file)}
              onRetry={() => uploader.retry(upload, file)}
            />
          ))}
        </ul>
      ) : null}
      {collapsible ? (
        <button
          type="button"
          className="w-full border-t border-line/60 px-3 py-1 text-left text-[11px] text-muted hover:bg-hover/50 hover:text-fg"
          aria-expanded={showAll}
          onClick={() => setShowAll((all) => !all)}
        >
          {showAll ? 'Show only what needs attention' : `Show all ${view.files.length} files`}
        </button>
      ) : null}
    </article>
  );
}
