import { useState } from 'react';
import { Button } from '../../../components/Button';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorText } from '../../../components/errorText';
import { InlineError } from '../../../components/InlineError';
import { Spinner } from '../../../components/Spinner';
import type { RouterRunState } from '../../../../src-shared/contracts/models';

interface CancelRunButtonProps {
  state: RouterRunState;
  /** A cancel was already asked for: the Router has not answered it with an end yet. */
  requested: boolean;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
}

/**
 * Cancel for a queued run, asking first and saying what it costs: before the model starts nothing is
 * charged; once it has started, the run may still finish and be charged.
 */
export function CancelRunButton({ state, requested, pending, error, onConfirm }: CancelRunButtonProps) {
  const [asking, setAsking] = useState(false);
  const started = state === 'in_progress';
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        onClick={() => setAsking(true)}
        disabled={pending || requested}
        title={
          requested ? 'Cancel was asked for; waiting for the Router' : 'Ask the Router to cancel this run'
        }
      >
        {pending ? <Spinner /> : null}
        {requested ? 'Cancel asked for…' : 'Cancel run'}
      </Button>
      {error !== null && error !== undefined ? (
        <InlineError
          message={`Loupe could not cancel: ${errorText(error).message}`}
          code={errorText(error).code}
        />
      ) : null}
      {asking ? (
        <ConfirmDialog
          title="Cancel this run?"
          testId="cancel-run-dialog"
          cancelLabel="Keep it"
          onCancel={() => setAsking(false)}
          confirm={
            <Button
              variant="primary"
              className="bg-state-canceled text-black"
              onClick={() => {
                setAsking(false);
                onConfirm();
              }}
            >
              Cancel run
            </Button>
          }
        >
          {started ? (
            <p>
              The model has already started. The Router will try to stop it, but the run may still finish, and
              it <strong className="text-fg">may still be charged</strong>.
            </p>
          ) : (
            <p>
              The run is still waiting in the queue. Cancelled before it starts, it is not charged. If the
              model starts in the meantime, the run may still be charged.
            </p>
          )}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
