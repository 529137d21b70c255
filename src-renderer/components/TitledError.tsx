import type { ReactNode } from 'react';
import type { ErrorText } from './errorText';
import { InlineError } from './InlineError';

interface TitledErrorProps {
  /** The error in words under a short heading (assetErrorWords, jobErrorWords). */
  words: ErrorText & { title: string };
  /** What can be done about it (Try again, Dismiss). */
  actions?: ReactNode;
  className?: string;
  testId?: string;
}

/** A short heading over an InlineError: what failed, then why and what to do. */
export function TitledError({ words, actions, className = '', testId }: TitledErrorProps) {
  return (
    <div className={className} data-testid={testId}>
      <p className="text-xs font-medium text-fg">{words.title}</p>
      <InlineError message={words.message} nextStep={words.nextStep} code={words.code} actions={actions} />
    </div>
  );
}
