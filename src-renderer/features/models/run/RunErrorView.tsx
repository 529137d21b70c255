import { useState } from 'react';
import type { RouterRunError } from '../../../../src-shared/contracts/models';
import { Button } from '../../../components/Button';
import { DetailsToggle } from '../../../components/DetailsToggle';
import { Spinner } from '../../../components/Spinner';
import { visibleText } from '../../../lib/visibleText';

interface RunErrorViewProps {
  error: RouterRunError;
  /** The 422 issues are shown on the form's fields (the model page); elsewhere they are listed here. */
  issuesOnForm: boolean;
  retry?: { pending: boolean; onRetry: () => void } | undefined;
}

function FactRow({ name, value }: { name: string; value: string | number | null }) {
  if (value === null) return null;
  return (
    <>
      <dt className="text-faint">{name}</dt>
      <dd className="font-mono break-all text-muted select-text">{visibleText(String(value))}</dd>
    </>
  );
}

/**
 * Why a run failed, in the words main chose, and what to do: Try again when sending again under the same
 * key is safe. The status, the Router's bucket and its own text are one click away.
 */
export function RunErrorView({ error, issuesOnForm, retry }: RunErrorViewProps) {
  const [details, setDetails] = useState(false);
  const issues = error.validation;
  return (
    <div
      role="alert"
      className="rounded border border-state-failed/40 bg-state-failed/10 p-3 text-xs"
      data-testid="run-error"
    >
      <p className="font-medium text-fg">
        {issues.length > 0 ? 'The model refused this input.' : 'The run did not succeed.'}
      </p>
      <p className="mt-1 text-muted">{visibleText(error.message)}</p>
      {issues.length > 0 && issuesOnForm ? (
        <p className="mt-1 text-muted">Each field it named is marked in the form above.</p>
      ) : null}
      {issues.length > 0 && !issuesOnForm ? (
        <ul className="mt-1.5 space-y-0.5" aria-label="What the model said">
          {issues.map((issue, index) => (
            <li key={`${index}-${issue.loc.join('.')}`}>
              <span className="font-mono text-fg">{visibleText(issue.loc.map(String).join('.'))}</span>:{' '}
              {visibleText(issue.msg)}{' '}
              <span className="font-mono text-faint">({visibleText(issue.type)})</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {error.retryable && retry ? (
          <Button variant="primary" onClick={retry.onRetry} disabled={retry.pending} data-testid="retry-run">
            {retry.pending ? <Spinner /> : null}
            Try again
          </Button>
        ) : null}
        <DetailsToggle shown={details} onToggle={() => setDetails((shown) => !shown)} />
      </div>
      {error.retryable && retry ? (
        <p className="mt-1 text-[11px] text-faint">
          Try again sends the same request under the same key: if the Router already has an answer it replays
          it, so you are not charged twice.
        </p>
      ) : null}
      {details ? (
        <dl
          className="mt-2 grid grid-cols-[8rem_1fr] gap-x-2 gap-y-0.5 text-[11px]"
          data-testid="run-error-details"
        >
          <FactRow name="Status" value={error.status} />
          <FactRow name="Bucket" value={error.bucket ?? 'none sent'} />
          <FactRow name="Upstream status" value={error.upstreamStatus} />
          <FactRow name="Router’s words" value={error.detail} />
        </dl>
      ) : null}
    </div>
  );
}
