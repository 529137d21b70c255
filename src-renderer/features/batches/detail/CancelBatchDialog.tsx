import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

interface CancelBatchDialogProps {
  /** Queued or running jobs the cancel stops. */
  liveJobs: number;
  onKeep: () => void;
  onCancelBatch: () => void;
}

/** What a cancel stops, in numbers, before anything is stopped; keeping it going is the safe answer. */
export function CancelBatchDialog({ liveJobs, onKeep, onCancelBatch }: CancelBatchDialogProps) {
  const title =
    liveJobs === 0
      ? 'Stop sending this batch?'
      : `Stop sending and cancel the ${liveJobs.toLocaleString()} queued or running ${liveJobs === 1 ? 'job' : 'jobs'}?`;
  return (
    <ConfirmDialog
      title={title}
      testId="cancel-batch"
      cancelLabel="Keep going"
      onCancel={onKeep}
      confirm={
        <Button className="text-state-failed!" onClick={onCancelBatch}>
          Cancel batch
        </Button>
      }
    >
      <p>
        Items not sent yet stay unsent, and nothing more of this batch is sent. Jobs that already finished
        keep their outputs.
      </p>
    </ConfirmDialog>
  );
}
