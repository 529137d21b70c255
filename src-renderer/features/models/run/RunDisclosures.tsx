import type { ReactNode } from 'react';
import type { RouterRunDetail } from '../../../../src-shared/contracts/models';
import { visibleText } from '../../../lib/visibleText';
import { creditsText } from '../spend/spendFormat';

/** A small flag next to a result: what it is in words, a longer why on hover. */
function Note({
  children,
  title,
  testId,
  tone = 'muted',
}: {
  children: ReactNode;
  title: string;
  testId: string;
  tone?: 'muted' | 'warn' | 'accent';
}) {
  const look = {
    muted: 'border-line text-muted',
    warn: 'border-state-canceled/50 bg-state-canceled/10 text-state-canceled',
    accent: 'border-accent/50 bg-accent/10 text-accent',
  }[tone];
  return (
    <li className={`rounded border px-2 py-0.5 text-[11px] ${look}`} title={title} data-testid={testId}>
      {children}
    </li>
  );
}

/**
 * What the Router disclosed about a run, beside its result: fields the provider ignored, who served it
 * instead, that the answer was a replay (not charged again), and what it cost.
 */
export function RunDisclosures({ run }: { run: RouterRunDetail }) {
  const dropped = run.droppedParams.map((name) => visibleText(name));
  const nothing =
    run.creditsUsed === null && !run.replayed && run.fallbackProvider === null && dropped.length === 0;
  if (nothing) return null;
  return (
    <ul
      aria-label="About this result"
      className="flex flex-wrap items-center gap-1.5"
      data-testid="run-disclosures"
    >
      {run.creditsUsed !== null ? (
        <Note testId="credits-used" title="X-Svc-Credits-Used: what the Router metered for this run">
          {creditsText(run.creditsUsed)} used
        </Note>
      ) : null}
      {run.replayed ? (
        <Note
          testId="replayed-badge"
          tone="accent"
          title="Idempotent-Replayed: the Router answered from its record of this run’s key. You were not charged again."
        >
          Replayed · not charged again
        </Note>
      ) : null}
      {run.fallbackProvider !== null ? (
        <Note
          testId="fallback-provider"
          tone="warn"
          title="X-Svc-Router-Fallback-Provider: the first provider failed and the Router retried on another"
        >
          Served by {visibleText(run.fallbackProvider)}
        </Note>
      ) : null}
      {dropped.length > 0 ? (
        <Note
          testId="dropped-params"
          tone="warn"
          title="X-Svc-Router-Dropped-Params: fields the chosen provider cannot express, left out of the request"
        >
          The provider ignored: <span className="font-mono">{dropped.join(', ')}</span>
        </Note>
      ) : null}
    </ul>
  );
}
