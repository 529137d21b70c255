import type { BatchCounts } from '../../../src-shared/contract';
import '../../components/jobs/progressBar.css';
import { countParts, countsInWords } from './batchCounts';

interface BatchStateBarProps {
  counts: BatchCounts;
  className?: string;
}

/**
 * The items as one thin stacked bar, a segment per state in the job palette (running ones move). The words
 * are its name and its hover, so the colours never carry the meaning alone.
 */
export function BatchStateBar({ counts, className = '' }: BatchStateBarProps) {
  const parts = countParts(counts);
  const words = countsInWords(counts);
  return (
    <div
      role="img"
      aria-label={words}
      title={words}
      data-testid="batch-state-bar"
      className={`flex h-1.5 gap-px overflow-hidden rounded-full bg-raised ${className}`}
    >
      {parts.map((part) => (
        <span
          key={part.key}
          data-part={part.key}
          data-count={part.count}
          className={`h-full min-w-0.5 ${part.bar}`}
          style={{ flexGrow: part.count, flexBasis: 0 }}
        />
      ))}
    </div>
  );
}
