import { useQuery } from '@tanstack/react-query';
import type { JobSnapshot } from '../../../../../src-shared/contract';
import { Button, LinkButton } from '../../../../components/Button';
import { InlineError } from '../../../../components/InlineError';
import { RelativeTime } from '../../../../components/jobs/RelativeTime';
import { LoadingNote } from '../../../../components/LoadingNote';
import { useActiveProfileId } from '../../../../hooks/useActiveProfileId';
import { downloadText, safeFileStem } from '../../../../lib/downloadText';
import { useLoupe } from '../../../../lib/loupeContext';
import { jobLogsQuery } from '../../../../queries/jobQueries';
import { jobErrorWords } from '../../actions/jobErrorWords';
import { NO_LOG_WORDS, whereElse } from './logReasons';
import { VirtualLog } from './VirtualLog';

/** The job's log as plain text, or why there is none. Re-read when the job ends (useJobLive does that). */
export function LogsTab({ job }: { job: JobSnapshot }) {
  const loupe = useLoupe();
  const profileId = useActiveProfileId();
  const logs = useQuery({ ...jobLogsQuery(loupe, profileId ?? '', job.id), enabled: profileId !== null });

  if (logs.isPending) {
    return <LoadingNote>Reading the log…</LoadingNote>;
  }
  if (logs.isError) {
    const words = jobErrorWords(logs.error, 'read the log');
    return (
      <div className="p-4">
        <InlineError
          message={words.message}
          code={words.code}
          nextStep={words.nextStep}
          actions={<LinkButton onClick={() => void logs.refetch()}>Try again</LinkButton>}
        />
      </div>
    );
  }
  const result = logs.data;
  if (result.state === 'none') {
    const words = NO_LOG_WORDS[result.reason];
    return (
      <div className="space-y-1 p-4 text-xs" data-testid="log-none" data-reason={result.reason}>
        <p className="font-medium text-fg">{words.title}</p>
        <p className="text-muted">{words.body}</p>
        {/* result.message is main's own wording of the same reason (for hosts without these words): not shown. */}
        {result.reason === 'not-captured' && whereElse(job) !== null ? (
          <p className="text-muted">{whereElse(job)}</p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex h-full min-h-0 flex-col">
      {result.truncated ? (
        <p
          role="note"
          data-testid="log-truncated"
          className="shrink-0 border-b border-state-canceled/30 bg-state-canceled/10 px-4 py-1.5 text-[11px] text-fg"
        >
          The service truncated this log: part of it is missing, and what is here is all it kept.
        </p>
      ) : null}
      {!result.complete ? (
        <p role="note" className="shrink-0 border-b border-line bg-raised px-4 py-1.5 text-[11px] text-muted">
          The job has not finished: this is the log so far. Loupe reads it again when the job ends.
        </p>
      ) : null}
      <div className="flex shrink-0 items-center gap-3 border-b border-line px-4 py-1 text-[11px] text-faint">
        <span className="tabular-nums">{result.text.length.toLocaleString()} characters</span>
        {result.capturedAt ? (
          <span>
            captured <RelativeTime iso={result.capturedAt} />
          </span>
        ) : null}
        <Button
          variant="ghost"
          className="ml-auto"
          onClick={() => downloadText(result.text, `${safeFileStem(job.id)}.log.txt`)}
        >
          Save log…
        </Button>
      </div>
      {result.text.length === 0 ? (
        <p className="p-4 text-xs text-muted">The log is empty.</p>
      ) : (
        <VirtualLog raw={result.text} />
      )}
    </div>
  );
}
