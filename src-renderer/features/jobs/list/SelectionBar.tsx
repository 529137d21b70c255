import type { JobSummary } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { CopyButton } from '../../../components/jobs/CopyButton';
import { canCancel, canRetry } from '../actions/jobCommandRules';
import type { JobCommands } from '../actions/useJobCommands';
import { useJobsUi } from '../jobsUiStore';

/** With more than one row selected: what can be done to all of them. */
export function SelectionBar({ rows, commands }: { rows: readonly JobSummary[]; commands: JobCommands }) {
  const selected = useJobsUi((state) => state.selected);
  const setSelection = useJobsUi((state) => state.setSelection);
  if (selected.size < 2) return null;
  const chosen = rows.filter((row) => selected.has(row.id));
  const cancelable = chosen.filter((row) => canCancel(row)).map((row) => row.id);
  const retryable = chosen.filter((row) => canRetry(row)).map((row) => row.id);
  return (
    <div
      role="toolbar"
      aria-label="Selected jobs"
      className="flex items-center gap-2 border-b border-line bg-accent/10 px-3 py-1.5 text-xs"
    >
      <span className="font-medium text-fg tabular-nums">{selected.size} selected</span>
      <CommandButton
        verb="Cancel"
        jobIds={cancelable}
        run={commands.cancel}
        title="Cancel the selected jobs that are queued or running"
      />
      <CommandButton
        verb="Retry"
        jobIds={retryable}
        run={commands.retry}
        title="Retry the selected jobs that have finished"
      />
      <CopyButton text={chosen.map((row) => row.id).join('\n')}>Copy ids</CopyButton>
      <Button variant="ghost" className="ml-auto" onClick={() => setSelection(new Set(), null)}>
        Clear selection
      </Button>
    </div>
  );
}

interface CommandButtonProps {
  verb: string;
  /** The selected jobs the command applies to; none, and the button is off. */
  jobIds: readonly string[];
  run: (jobIds: readonly string[]) => void;
  title: string;
}

/** One command for the selection, with how many jobs it would touch. */
function CommandButton({ verb, jobIds, run, title }: CommandButtonProps) {
  return (
    <Button variant="ghost" disabled={jobIds.length === 0} onClick={() => run(jobIds)} title={title}>
      {verb} {jobIds.length}
    </Button>
  );
}
