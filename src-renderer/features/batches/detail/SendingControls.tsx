import { useState } from 'react';
import type { BatchDetail } from '../../../../src-shared/contract';
import { Button, LinkButton } from '../../../components/Button';
import { InlineError } from '../../../components/InlineError';
import { Spinner } from '../../../components/Spinner';
import { errorText } from '../../../components/errorText';
import type { SendingChoices } from './batchSending';
import { CancelBatchDialog } from './CancelBatchDialog';
import { useBatchControl } from './useBatchControl';
import { WindowField } from './WindowField';

interface SendingControlsProps {
  profileId: string;
  batch: BatchDetail;
  choices: SendingChoices;
  /** The window main last said, if it has been asked. */
  knownWindow: number | undefined;
}

type Action = 'pause' | 'resume' | 'cancel';

const DOING: Record<Action, string> = {
  pause: 'Pausing…',
  resume: 'Resuming…',
  cancel: 'Canceling…',
};

/** What failed, after "Loupe could not". */
const FAILED: Record<Action | 'window', string> = {
  pause: 'pause sending',
  resume: 'resume sending',
  cancel: 'cancel the batch',
  window: 'change the window',
};

function ControlError({ error, doing, onDismiss }: { error: unknown; doing: string; onDismiss: () => void }) {
  const text = errorText(error);
  return (
    <InlineError
      className="basis-full"
      message={`Loupe could not ${doing}: ${text.message}`}
      nextStep={text.nextStep}
      code={text.code}
      actions={<LinkButton onClick={onDismiss}>Dismiss</LinkButton>}
    />
  );
}

/**
 * Pause or resume sending, cancel the batch (asking first), and the window. Pause and Resume are one button
 * that changes its words, so the keyboard focus stays on it; while a call is out it is marked busy rather
 * than disabled, which would drop the focus.
 */
export function SendingControls({ profileId, batch, choices, knownWindow }: SendingControlsProps) {
  const control = useBatchControl(profileId, batch.id);
  const windowControl = useBatchControl(profileId, batch.id);
  const [asking, setAsking] = useState(false);
  const busy = control.isPending ? control.variables.action : null;
  const toggle = choices.pause ? 'pause' : choices.resume ? 'resume' : null;
  const act = (action: Action) => {
    if (!control.isPending) control.mutate({ action });
  };

  return (
    <div
      role="group"
      aria-label="Sending"
      data-testid="sending-controls"
      data-sending={choices.state ?? 'not-known'}
      className="flex flex-wrap items-center gap-x-2 gap-y-1"
    >
      {choices.words === null ? null : (
        <span className="text-xs text-muted" data-testid="sending-state">
          {choices.words}
        </span>
      )}
      {toggle === null ? null : (
        <Button
          aria-busy={busy === 'pause' || busy === 'resume'}
          aria-disabled={control.isPending}
          title={
            toggle === 'pause' ? 'Stop sending more items; what was sent goes on' : 'Send the items left'
          }
          data-testid="sending-toggle"
          onClick={() => act(toggle)}
        >
          {busy === 'pause' || busy === 'resume' ? (
            <>
              <Spinner />
              {DOING[busy]}
            </>
          ) : toggle === 'pause' ? (
            'Pause'
          ) : (
            'Resume'
          )}
        </Button>
      )}
      {choices.cancel ? (
        <Button
          className="text-state-failed!"
          aria-busy={busy === 'cancel'}
          aria-disabled={control.isPending}
          data-testid="sending-cancel"
          onClick={() => {
            if (!control.isPending) setAsking(true);
          }}
        >
          {busy === 'cancel' ? (
            <>
              <Spinner />
              {DOING.cancel}
            </>
          ) : (
            'Cancel batch…'
          )}
        </Button>
      ) : null}
      {choices.window ? (
        <WindowField
          known={knownWindow}
          pending={windowControl.isPending}
          onChange={(window) => windowControl.mutate({ action: 'window', window })}
        />
      ) : null}
      {control.isError ? (
        <ControlError
          error={control.error}
          doing={FAILED[control.variables.action]}
          onDismiss={() => control.reset()}
        />
      ) : null}
      {windowControl.isError ? (
        <ControlError
          error={windowControl.error}
          doing={FAILED.window}
          onDismiss={() => windowControl.reset()}
        />
      ) : null}
      {asking ? (
        <CancelBatchDialog
          liveJobs={choices.liveJobs}
          onKeep={() => setAsking(false)}
          onCancelBatch={() => {
            setAsking(false);
            act('cancel');
          }}
        />
      ) : null}
    </div>
  );
}
