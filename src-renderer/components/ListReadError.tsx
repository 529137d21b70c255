import { visibleText } from '../lib/visibleText';
import { LinkButton } from './Button';
import { errorText } from './errorText';
import { InlineError } from './InlineError';

interface ListReadErrorProps {
  /** What failed, as in "Loupe could not refresh the batches". */
  doing: string;
  error: unknown;
  onRetry: () => void;
  /** Say what the user can do next as well. */
  withNextStep?: boolean;
}

/** A list keeps its rows when a later read fails: it says so at its foot, with Try again (Jobs and Batches). */
export function ListReadError({ doing, error, onRetry, withNextStep = false }: ListReadErrorProps) {
  const text = errorText(error);
  return (
    <div className="shrink-0 border-t border-line px-3 py-2">
      <InlineError
        message={`Loupe could not ${doing}: ${visibleText(text.message)}`}
        code={text.code}
        nextStep={withNextStep ? text.nextStep : undefined}
        actions={<LinkButton onClick={onRetry}>Try again</LinkButton>}
      />
    </div>
  );
}
