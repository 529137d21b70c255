import { visibleText } from '../lib/visibleText';
import { Button } from './Button';

interface StaleDataNoteProps {
  /** Why the latest read failed. */
  error: Error;
  /** Offer to read again now, where nothing else will soon. */
  onRetry?: () => void;
}

/** A read failed while an earlier answer is on screen: the job and batch details keep it and say so. */
export function StaleDataNote({ error, onRetry }: StaleDataNoteProps) {
  return (
    <p className="border-b border-line px-4 py-1.5 text-[11px] text-faint">
      Could not refresh just now ({visibleText(error.message)}); showing what Loupe last saw.
      {onRetry ? (
        <Button variant="ghost" className="ml-2 h-5 px-1.5" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </p>
  );
}
