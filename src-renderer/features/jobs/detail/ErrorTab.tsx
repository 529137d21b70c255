import type { JobError } from '../../../../src-shared/contract';
import { isPartnerKeyFailure } from '../../../../src-shared/partnerNodes';
import { CopyButton } from '../../../components/jobs/CopyButton';
import { VisibleMarks } from '../../../components/jobs/VisibleMarks';
import { visibleText } from '../../../lib/visibleText';
import { clipText, ERROR_TEXT_CHARS } from '../clipText';
import { PartnerKeyHint } from './PartnerKeyHint';

const CODE_WORDS: Record<string, string> = {
  node_execution_error: 'A node raised an error while it ran. The traceback below says where.',
  worker_lost:
    'The platform stopped the worker running this job (out of memory, a crash or a restart). Retry it.',
  timeout: 'The job ran longer than the service allows.',
};

/** Said under a message or traceback too long to lay out whole (see clipText.ts). */
function ClippedNote({ text, what, copyable }: { text: string; what: string; copyable: boolean }) {
  if (text.length <= ERROR_TEXT_CHARS) return null;
  return (
    <p role="note" className="mt-1 text-[11px] whitespace-normal text-faint">
      Showing the first {ERROR_TEXT_CHARS.toLocaleString()} of {text.length.toLocaleString()} characters of
      the {what}.{copyable ? ' Copy takes all of it.' : ''}
    </p>
  );
}

/**
 * What went wrong: the code, the message, which node and class, and the traceback, all as plain text; and,
 * when a partner node lacked the account's key, what to turn on for the job's profile.
 */
export function ErrorTab({ error, profileId }: { error: JobError; profileId: string }) {
  const words = CODE_WORDS[error.code];
  return (
    <div className="h-full space-y-3 overflow-auto p-4 text-xs" data-testid="job-error">
      <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1">
        <dt className="text-faint">Code</dt>
        <dd className="font-mono text-state-failed">{visibleText(error.code)}</dd>
        <dt className="text-faint">Message</dt>
        <dd className="min-w-0 whitespace-pre-wrap wrap-anywhere text-fg">
          <VisibleMarks text={visibleText(clipText(error.message, ERROR_TEXT_CHARS), { multiline: true })} />
          <ClippedNote text={error.message} what="message" copyable={false} />
        </dd>
        {error.nodeId !== null ? (
          <>
            <dt className="text-faint">Node</dt>
            <dd className="font-mono text-fg">{visibleText(error.nodeId)}</dd>
          </>
        ) : null}
        {error.classType !== null ? (
          <>
            <dt className="text-faint">Class</dt>
            <dd className="font-mono text-fg">{visibleText(error.classType)}</dd>
          </>
        ) : null}
      </dl>
      {words ? <p className="text-muted">{words}</p> : null}
      {isPartnerKeyFailure(error) ? <PartnerKeyHint error={error} profileId={profileId} /> : null}
      {error.traceback ? (
        <div>
          <div className="mb-1 flex items-center justify-between">
            <span className="text-[11px] text-faint">Traceback</span>
            <CopyButton text={error.traceback}>Copy</CopyButton>
          </div>
          <pre className="overflow-auto rounded border border-line bg-canvas p-3 font-mono text-[11px] leading-relaxed whitespace-pre text-fg">
            <VisibleMarks
              text={visibleText(clipText(error.traceback, ERROR_TEXT_CHARS), { multiline: true })}
            />
          </pre>
          <ClippedNote text={error.traceback} what="traceback" copyable />
        </div>
      ) : (
        <p className="text-faint">The service sent no traceback.</p>
      )}
    </div>
  );
}
