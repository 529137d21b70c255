import type { BatchDetail } from '../../../../src-shared/contract';
import { duration } from '../../../../src-shared/format';
import { batchEta, finishedItems } from './batchEta';
import type { BatchElapsed } from './batchTiming';
import { useSecondClock } from '../../../hooks/useNow';

interface BatchProgressProps {
  batch: BatchDetail;
  /** batchElapsed(batch), which the parent needs too. */
  elapsed: Exclude<BatchElapsed, { kind: 'unknown' }>;
  /** Sending is paused: the estimate says "—" rather than a time nothing is moving towards. */
  paused: boolean;
}

/** How long the batch has run (counting each second while it runs) and, once two items are done, how long is left. */
export function BatchProgress({ batch, elapsed, paused }: BatchProgressProps) {
  const now = useSecondClock(elapsed.kind === 'running');
  const elapsedMs = elapsed.kind === 'running' ? Math.max(0, now - elapsed.sinceMs) : elapsed.ms;
  const eta =
    elapsed.kind === 'running'
      ? batchEta({ finished: finishedItems(batch.counts), total: batch.itemCount, elapsedMs, paused })
      : ({ kind: 'hidden' } as const);
  return (
    <span className="flex items-center gap-x-1.5 text-xs text-muted tabular-nums">
      <span
        data-testid="batch-elapsed"
        title={
          elapsed.kind === 'running'
            ? 'Since the batch was created'
            : 'From its first job’s creation to its last job’s end, as the service timed them'
        }
      >
        {elapsed.kind === 'running' ? 'Elapsed' : 'Took'} {duration(elapsedMs)}
      </span>
      {eta.kind === 'hidden' ? null : (
        <>
          <span className="text-faint">·</span>
          <span
            data-testid="batch-eta"
            title={
              eta.kind === 'paused'
                ? 'Sending is paused: no estimate until it moves again'
                : 'From the items finished so far and the time they took'
            }
          >
            {eta.kind === 'paused' ? 'time left —' : `about ${duration(eta.ms)} left`}
          </span>
        </>
      )}
    </span>
  );
}
