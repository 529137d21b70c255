import { useState, type ReactNode } from 'react';
import { visibleText } from '../lib/visibleText';
import { DetailsToggle } from './DetailsToggle';

interface InlineErrorProps {
  message: string;
  code: string;
  nextStep?: string | undefined;
  /** More words for the curious (say, the host's own message), shown with the code. */
  detail?: string | undefined;
  /** Buttons for the next step (Retry, …), shown after the words. */
  actions?: ReactNode;
  className?: string;
}

/** A compact error for inside a panel or a row: the words, the next step, and the code one click away. */
export function InlineError({ message, code, nextStep, detail, actions, className = '' }: InlineErrorProps) {
  const [showCode, setShowCode] = useState(false);
  return (
    <div role="alert" className={`text-xs leading-relaxed ${className}`}>
      <p className="text-state-failed">{visibleText(message)}</p>
      {nextStep ? <p className="text-muted">{visibleText(nextStep)}</p> : null}
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {actions}
        <DetailsToggle shown={showCode} onToggle={() => setShowCode((shown) => !shown)} />
        {showCode && !detail ? <code className="font-mono text-faint select-text">code: {code}</code> : null}
      </div>
      {showCode && detail ? (
        <p className="mt-1 text-faint select-text">
          {visibleText(detail)} <code className="font-mono">code: {code}</code>
        </p>
      ) : null}
    </div>
  );
}
