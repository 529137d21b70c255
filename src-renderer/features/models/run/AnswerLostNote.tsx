import { useState } from 'react';
import type { RouterRunError } from '../../../../src-shared/contracts/models';
import { Button } from '../../../components/Button';
import { DetailsToggle } from '../../../components/DetailsToggle';
import { Spinner } from '../../../components/Spinner';
import { visibleText } from '../../../lib/visibleText';

interface AnswerLostNoteProps {
  error: RouterRunError;
  askAgain: { pending: boolean; onAsk: () => void };
}

/**
 * A run whose answer did not arrive whole. It is not a failure, and never a reason to run it again under a new key
 * (a second charge): the Router took it (or may have), and the same key brings its answer from the Router's record.
 * Main's words say which; Ask again sends under that key; the status that did arrive is one click away.
 */
export function AnswerLostNote({ error, askAgain }: AnswerLostNoteProps) {
  const [details, setDetails] = useState(false);
  const taken = error.outcome === 'answer_lost';
  return (
    <div
      role="status"
      className="rounded border border-state-running/40 bg-state-running/10 p-3 text-xs"
      data-testid="run-answer-lost"
      data-outcome={error.outcome ?? 'unknown'}
    >
      <p className="font-medium text-fg">
        {taken
          ? 'The Router took this run; its answer was lost on the way.'
          : 'The Router’s answer did not arrive.'}
      </p>
      <p className="mt-1 text-muted">{visibleText(error.message)}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          onClick={askAgain.onAsk}
          disabled={askAgain.pending}
          data-testid="ask-again"
        >
          {askAgain.pending ? <Spinner /> : null}
          Ask again
        </Button>
        <DetailsToggle shown={details} onToggle={() => setDetails((shown) => !shown)} />
      </div>
      <p className="mt-1 text-[11px] text-faint">
        Ask again sends the same request under the same key: the Router answers from its record, so you are
        not charged twice. Run again would be a new run, charged again.
      </p>
      {details ? (
        <dl
          className="mt-2 grid grid-cols-[8rem_1fr] gap-x-2 gap-y-0.5 text-[11px]"
          data-testid="answer-lost-details"
        >
          <dt className="text-faint">Status</dt>
          <dd className="font-mono text-muted">{error.status ?? 'none arrived'}</dd>
          <dt className="text-faint">What happened</dt>
          <dd className="font-mono break-all text-muted select-text">{visibleText(error.detail ?? '—')}</dd>
        </dl>
      ) : null}
    </div>
  );
}
