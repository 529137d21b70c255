import { useId } from 'react';
import { INPUT_CLASS } from '../../../components/FormField';
import { PLAN_LIMITS } from './planRequest';

interface AutoRetryOptionProps {
  on: boolean;
  attempts: string;
  error: string | null;
  onToggle: (on: boolean) => void;
  onAttempts: (attempts: string) => void;
}

/**
 * Opt-in: items whose job failed in a way that looks transient are sent again, each time as a new job,
 * until one succeeds or the attempts run out. A workflow error is never retried: it would fail again.
 */
export function AutoRetryOption({ on, attempts, error, onToggle, onAttempts }: AutoRetryOptionProps) {
  const checkId = useId();
  const attemptsId = useId();
  const errorId = useId();
  const hintId = useId();
  const hint = `Each item gets ${PLAN_LIMITS.autoRetry.min} to ${PLAN_LIMITS.autoRetry.max} attempts in all, the first send included. A workflow error is never retried.`;
  return (
    <div data-testid="auto-retry" title={hint}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg">
        <input
          id={checkId}
          type="checkbox"
          className="h-3.5 w-3.5 accent-[var(--accent)]"
          checked={on}
          onChange={(event) => onToggle(event.target.checked)}
        />
        <label htmlFor={checkId}>Retry failures that look transient (worker lost, out of memory)</label>
        <span className={on ? 'text-muted' : 'text-faint'}>up to</span>
        <input
          id={attemptsId}
          className={`${INPUT_CLASS} w-14! tabular-nums disabled:opacity-50`}
          value={attempts}
          inputMode="numeric"
          disabled={!on}
          aria-label="Attempts per item"
          aria-invalid={error !== null}
          aria-describedby={error === null ? hintId : `${hintId} ${errorId}`}
          autoComplete="off"
          onChange={(event) => onAttempts(event.target.value)}
        />
        <span className={on ? 'text-muted' : 'text-faint'}>attempts in all</span>
        <span id={hintId} className="sr-only">
          {hint}
        </span>
      </div>
      {error === null ? null : (
        <p id={errorId} className="mt-0.5 text-[11px] text-state-failed">
          {error}
        </p>
      )}
    </div>
  );
}
