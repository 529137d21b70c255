import type { ReactNode } from 'react';
import { Button } from '../../../components/Button';
import { InlineError } from '../../../components/InlineError';
import { Spinner } from '../../../components/Spinner';
import { jobErrorWords } from '../../jobs/actions/jobErrorWords';
import type { StartReadiness } from './startReadiness';

interface StartBarProps {
  readiness: StartReadiness;
  starting: boolean;
  /** Why the last Start failed; null when it has not. */
  startError: unknown;
  onCancel: () => void;
  /** More actions beside Cancel (Save as template…). */
  extra?: ReactNode;
}

/** The screen's foot: Start (the form's submit, so Enter in a field starts too), what it will do, Cancel. */
export function StartBar({ readiness, starting, startError, onCancel, extra }: StartBarProps) {
  const words = startError === null ? null : jobErrorWords(startError, 'start this batch');
  return (
    <footer className="shrink-0 border-t border-line bg-panel px-4 py-2.5">
      {words === null ? null : (
        <InlineError
          className="mb-2"
          message={`${words.title}: ${words.message}`}
          nextStep={words.nextStep}
          code={words.code}
        />
      )}
      <div className="flex items-center gap-3">
        <Button
          type="submit"
          variant="primary"
          disabled={!readiness.ready || starting}
          data-testid="start-batch"
        >
          {starting ? <Spinner /> : null}
          {starting ? 'Starting…' : 'Start batch'}
        </Button>
        <p className="min-w-0 flex-1 truncate text-xs text-muted tabular-nums" data-testid="start-note">
          {readiness.note}
        </p>
        {extra}
        <Button variant="ghost" onClick={onCancel} title="Close without starting (Esc)">
          Cancel
        </Button>
      </div>
    </footer>
  );
}
