// The end of a job's gallery when the job has more outputs than are drawn: they load as it scrolls into view,
// or at a press of the button; a failure says so, with a way to try again.
import { useEffect, useRef } from 'react';
import { Button, LinkButton } from '../../../../components/Button';
import { errorText } from '../../../../components/errorText';
import { InlineError } from '../../../../components/InlineError';
import { Spinner } from '../../../../components/Spinner';

export interface MoreOutputsProps {
  /** Outputs not drawn yet. */
  left: number;
  loading: boolean;
  error: Error | null;
  loadMore: () => void;
}

export function MoreOutputs({ left, loading, error, loadMore }: MoreOutputsProps) {
  const end = useRef<HTMLDivElement>(null);
  // Scrolling to the end loads the next page (where the window can tell; the button always can).
  useEffect(() => {
    const element = end.current;
    if (element === null || typeof IntersectionObserver === 'undefined' || error !== null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore, error]);

  if (error !== null) {
    const text = errorText(error);
    return (
      <InlineError
        className="px-3 pb-3"
        message={`Loupe could not load more outputs: ${text.message}`}
        nextStep={text.nextStep}
        code={text.code}
        actions={<LinkButton onClick={loadMore}>Try again</LinkButton>}
      />
    );
  }
  return (
    <div ref={end} className="flex items-center justify-center gap-2 px-3 pb-4 text-xs text-muted">
      {loading ? (
        <span className="flex items-center gap-1.5" role="status">
          <Spinner /> Loading more outputs…
        </span>
      ) : (
        <Button variant="ghost" onClick={loadMore}>
          Show more ({left.toLocaleString('en-US')} not shown yet)
        </Button>
      )}
    </div>
  );
}
