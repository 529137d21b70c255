import { useEffect, useRef } from 'react';
import { Spinner } from '../../../../components/Spinner';
import { visibleText } from '../../../../lib/visibleText';
import { UploadBar } from '../../../assets/upload/UploadBar';
import { useUploadBatches } from '../../../assets/upload/uploadProgress';
import { useUploadPlan } from '../../../assets/upload/uploadPlans';
import { useUploads, type LocalUpload } from '../../../assets/upload/uploadsStore';
import { viewUpload } from '../../../assets/upload/uploadView';

interface PickerUploadStatusProps {
  uploadId: string;
  /** Once, when every file of the upload has an outcome: the assets it made (or found), in file order. */
  onDone: (assetIds: string[]) => void;
}

/**
 * One upload begun in the picker, in a line: hashing and sending as the Assets tray shows them (the same
 * view of the uploader's work, main's plan and main's progress), then what joined the selection.
 */
export function PickerUploadStatus({ uploadId, onDone }: PickerUploadStatusProps) {
  const upload = useUploads((state) => state.uploads.find((one) => one.id === uploadId));
  // Dismissed from the Assets tray meanwhile: nothing left to show or wait for.
  if (upload === undefined) return null;
  return <UploadLine upload={upload} onDone={onDone} />;
}

function UploadLine({ upload, onDone }: { upload: LocalUpload; onDone: (assetIds: string[]) => void }) {
  const plan = useUploadPlan(upload.id);
  const batches = useUploadBatches(plan.batchIds, upload.profileId);
  const view = viewUpload(upload, plan, batches);
  const assetIds = view.files.flatMap((file) => (file.result?.assetId ? [file.result.assetId] : []));
  const reported = useRef(false);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  const joined = assetIds.join(',');
  useEffect(() => {
    if (!view.finished || reported.current) return;
    reported.current = true;
    done.current(joined === '' ? [] : joined.split(','));
  }, [view.finished, joined]);

  const t = view.totals;
  const failed = t.counts.failed + t.counts['refused-too-large'] + t.counts.canceled;
  const moved = t.bytesHashed + t.bytesSent;
  const whole = t.bytesTotal + t.bytesToSend;
  return (
    <li className="space-y-1 py-1" data-testid="picker-upload" data-finished={view.finished}>
      <p className="flex items-center gap-2 text-[11px]">
        {view.finished ? null : <Spinner className="text-muted" />}
        <span className="min-w-0 flex-1 truncate text-fg" role="status">
          {view.summary}
          {view.finished && assetIds.length > 0
            ? ` · ${assetIds.length === 1 ? 'it joined' : `${assetIds.length} joined`} the selection`
            : ''}
        </span>
      </p>
      {view.finished ? null : (
        <UploadBar
          value={whole === 0 ? 0 : moved / whole}
          tone={t.bytesToSend > 0 ? 'sending' : 'hashing'}
          label="Upload progress"
        />
      )}
      {upload.problem !== null || (view.finished && failed > 0) ? (
        <p className="text-[11px] text-state-failed">
          {upload.problem !== null
            ? `The upload did not start: ${visibleText(upload.problem.message)}`
            : 'Some files did not upload: the Assets screen’s tray says why, and retries them.'}
        </p>
      ) : null}
    </li>
  );
}
