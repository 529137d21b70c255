import { useState } from 'react';
import { Button } from '../../../components/Button';
import { DetailsToggle } from '../../../components/DetailsToggle';
import { VisibleMarks } from '../../../components/jobs/VisibleMarks';
import { visibleText } from '../../../lib/visibleText';
import { exactBytes, formatBytes } from '../assetFormat';
import { UploadBar, type UploadTone } from './UploadBar';
import type { FileView } from './uploadView';

interface UploadFileRowProps {
  file: FileView;
  onCancel: () => void;
  onRetry: () => void;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '100%' : `${Math.floor((part / whole) * 100)}%`;
}

/** The stage's words once the file has an outcome, in the outcome's colour. */
const OUTCOME_TEXT: Record<UploadTone, string> = {
  hashing: 'text-muted',
  sending: 'text-muted',
  done: 'text-state-succeeded',
  failed: 'text-state-failed',
  canceled: 'text-state-canceled',
};

/** What the file is doing, in a few words, and the bar that goes with it. */
function stageOf(file: FileView): { words: string; tone: UploadTone; value: number } {
  if (file.result !== null) {
    const tone =
      file.result.kind === 'uploaded' || file.result.kind === 'deduplicated'
        ? 'done'
        : file.result.kind === 'canceled'
          ? 'canceled'
          : 'failed';
    return { words: file.result.title, tone, value: 1 };
  }
  switch (file.stage) {
    case 'waiting':
      return { words: 'Waiting to hash', tone: 'hashing', value: 0 };
    case 'hashing':
      return {
        words: `Hashing ${percent(file.bytesHashed, file.size)}`,
        tone: 'hashing',
        value: file.size === 0 ? 1 : file.bytesHashed / file.size,
      };
    case 'checking':
      return { words: 'Checking with the service', tone: 'hashing', value: 1 };
    case 'ready-to-send':
      return { words: 'Waiting to send', tone: 'sending', value: 0 };
    case 'sending':
      return {
        words: `Sending ${percent(file.bytesSent, file.size)}`,
        tone: 'sending',
        value: file.size === 0 ? 1 : file.bytesSent / file.size,
      };
    case 'done':
      return { words: 'Done', tone: 'done', value: 1 };
  }
}

export function UploadFileRow({ file, onCancel, onRetry }: UploadFileRowProps) {
  const [showCode, setShowCode] = useState(false);
  const stage = stageOf(file);
  const result = file.result;
  // Only an outcome is ever 'failed' (a refusal or an error).
  const failed = stage.tone === 'failed';
  return (
    <li
      className="border-b border-line/60 px-3 py-1.5 last:border-b-0"
      data-testid="upload-file"
      data-stage={file.stage}
      data-result={result?.kind ?? ''}
      data-path={file.relativePath}
    >
      <div className="grid grid-cols-[minmax(0,1fr)_5rem_10.5rem_3.5rem] items-center gap-x-3">
        <span className="truncate text-xs text-fg" title={visibleText(file.relativePath)}>
          <VisibleMarks text={visibleText(file.relativePath)} />
        </span>
        <span className="text-right text-[11px] text-muted tabular-nums" title={exactBytes(file.size)}>
          {formatBytes(file.size)}
        </span>
        <div className="min-w-0">
          <p
            className={`truncate text-[11px] ${result === null ? 'text-muted' : OUTCOME_TEXT[stage.tone]}`}
            data-testid="upload-file-stage"
          >
            {stage.words}
          </p>
          <UploadBar
            // A new phase is a new bar: it must not slide back from where the last one ended.
            key={stage.tone}
            value={stage.value}
            tone={stage.tone}
            label={`${file.relativePath}: ${stage.words}`}
            className="mt-0.5"
          />
        </div>
        <div className="flex justify-end">
          {file.canCancel ? (
            <Button variant="ghost" className="h-6 px-1.5" onClick={onCancel} title="Stop this file">
              Cancel
            </Button>
          ) : file.canRetry ? (
            <Button variant="ghost" className="h-6 px-1.5" onClick={onRetry} title="Hash it again and upload">
              Retry
            </Button>
          ) : null}
        </div>
      </div>
      {file.overLimit && result === null ? (
        <p className="mt-0.5 text-[11px] text-faint">
          Over the 100 MB single-upload limit: it can only be added if the service already holds these bytes.
        </p>
      ) : null}
      {result !== null && result.kind !== 'uploaded' ? (
        <div className={`mt-0.5 text-[11px] leading-snug ${failed ? 'text-state-failed' : 'text-muted'}`}>
          <span data-testid="upload-file-message">{visibleText(result.message)}</span>
          {result.code !== null ? (
            <>
              {' '}
              <DetailsToggle shown={showCode} onToggle={() => setShowCode((shown) => !shown)} />
              {showCode ? (
                <code className="ml-2 font-mono text-faint select-text">code: {result.code}</code>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
