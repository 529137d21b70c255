import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { plural } from '../batchCounts';

/** Esc or Cancel on a plan the user has worked on: nothing is lost without a yes. */
export function DiscardPlanDialog({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  return (
    <ConfirmDialog
      title="Discard this plan?"
      testId="discard-plan"
      cancelLabel="Keep planning"
      onCancel={onKeep}
      confirm={
        <Button className="text-state-failed!" onClick={onDiscard}>
          Discard
        </Button>
      }
    >
      <p>The workflow, the axes and the options chosen here are not kept. Nothing has been sent.</p>
    </ConfirmDialog>
  );
}

interface ConfirmStartDialogProps {
  count: number;
  problems: number;
  window: number;
  onCancel: () => void;
  onStart: () => void;
}

/** Many jobs, or values the service says it will refuse: said in numbers before anything is sent. */
export function ConfirmStartDialog({ count, problems, window, onCancel, onStart }: ConfirmStartDialogProps) {
  const jobs = plural(count, 'job');
  return (
    <ConfirmDialog
      title={`Send ${jobs}?`}
      testId="confirm-start"
      onCancel={onCancel}
      confirm={
        <Button variant="primary" onClick={onStart}>
          Send {jobs}
        </Button>
      }
    >
      <p>
        This batch sends {jobs} to the service, {window} at a time. Each is recorded before it is sent, so
        none is sent twice, even if Loupe stops on the way.
      </p>
      {problems > 0 ? (
        <p className="text-state-failed">
          The service says it will refuse {problems === 1 ? 'a value' : `${problems} values`} in this plan;
          the items that carry {problems === 1 ? 'it' : 'them'} will fail.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
