import { useMemo } from 'react';
import type { BatchDetail } from '../../../../src-shared/contract';
import { sendingChoices, useBatchSending } from './batchSending';
import { batchElapsed } from './batchTiming';
import { BatchProgress } from './BatchProgress';
import { SendingControls } from './SendingControls';

/** The batch under way: how long it has run and has left, and the sending controls beside it. */
export function BatchActivity({ profileId, batch }: { profileId: string; batch: BatchDetail }) {
  const sending = useBatchSending(profileId, batch.id, batch.finished);
  const choices = sendingChoices(sending, batch);
  const elapsed = useMemo(() => batchElapsed(batch), [batch]);
  const controls = choices.pause || choices.resume || choices.cancel || choices.words !== null;
  // A finished batch whose rows do not say when its jobs ended has nothing to add here: no empty row.
  if (elapsed.kind === 'unknown' && !controls) return null;
  return (
    <div className="flex min-h-7 flex-wrap items-center justify-between gap-x-4 gap-y-1">
      {elapsed.kind === 'unknown' ? (
        <span />
      ) : (
        <BatchProgress batch={batch} elapsed={elapsed} paused={choices.state === 'paused'} />
      )}
      {controls ? (
        <SendingControls
          profileId={profileId}
          batch={batch}
          choices={choices}
          knownWindow={sending?.window}
        />
      ) : null}
    </div>
  );
}
