import { useState } from 'react';
import { LoupeCallError } from '../lib/callError';

interface ErrorNoticeProps {
  /** What the user was trying to do, e.g. "load your profiles". */
  doing: string;
  error: unknown;
  onRetry?: () => void;
}

/** Says what happened in words, what to do next, and keeps the raw code one click away. */
export function ErrorNotice({ doing, error, onRetry }: ErrorNoticeProps) {
  const [showDetails, setShowDetails] = useState(false);
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  const code = error instanceof LoupeCallError ? error.code : 'unexpected';
  return (
    <div role="alert" className="m-4 rounded border border-state-failed/40 bg-state-failed/10 p-3 text-sm">
      <p className="font-medium text-fg">Loupe could not {doing}.</p>
      <p className="mt-1 text-muted">{message}</p>
      <div className="mt-2 flex gap-3 text-xs">
        {onRetry ? (
          <button type="button" className="text-accent hover:underline" onClick={onRetry}>
            Try again
          </button>
        ) : null}
        <button
          type="button"
          className="text-muted hover:underline"
          onClick={() => setShowDetails((v) => !v)}
        >
          {showDetails ? 'Hide details' : 'Details'}
        </button>
      </div>
      {showDetails ? (
        <pre className="mt-2 font-mono text-xs whitespace-pre-wrap text-muted">code: {code}</pre>
      ) : null}
    </div>
  );
}
