import { memo } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { formatBytes } from '../../../../src-shared/format';
import { RelativeTime } from '../../../components/jobs/RelativeTime';
import { entryOptionProps, type TileHandlers } from './entryOption';
import { entryValues } from './entryValues';
import { FOCUS_MARK } from './focusMark';
import { fullTitle } from './fullTitle';
import { StarRating } from './StarRating';
import { TileMarks } from './TileMarks';
import { TileThumb } from './TileThumb';

interface LibraryRowProps extends TileHandlers {
  entry: LibraryEntry;
  focused: boolean;
  selected: boolean;
  showProfile: boolean;
  /** The asset route's prefix of the entry's profile (read once by the grid), undefined while it loads. */
  base: string | undefined;
}

/** One output in the list view: a small thumbnail, the title, what made it, stars and marks. */
export const LibraryRow = memo(function LibraryRow({
  entry,
  focused,
  selected,
  showProfile,
  base,
  onPick,
  onOpen,
  onRate,
  onDragOut,
}: LibraryRowProps) {
  // A sweep's item says its values (the seed among them, where it was swept), else the seed alone.
  const values = entryValues(entry);
  const made = [
    entry.model,
    values ?? (entry.seed === null ? null : `seed ${entry.seed}`),
    entry.width && entry.height ? `${entry.width}×${entry.height}` : null,
  ].filter((part): part is string => part !== null);
  const title = fullTitle(entry);
  return (
    <div
      {...entryOptionProps(entry, { focused, selected, values }, { onPick, onOpen, onDragOut })}
      className={`flex h-full items-center gap-3 rounded border px-2 ${
        selected ? 'border-accent bg-accent/15' : 'border-transparent hover:bg-hover/40'
      } ${focused ? FOCUS_MARK : 'outline-none'} ${entry.rejected ? 'opacity-60' : ''}`}
    >
      <div className="h-10 w-10 shrink-0 overflow-hidden rounded">
        <TileThumb entry={entry} base={base} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-xs text-fg" title={title}>
          {title}
        </span>
        <span className="truncate text-[11px] text-muted">
          {made.join(' · ')}
          {showProfile ? ` · ${entry.profileName}` : ''}
        </span>
      </div>
      <TileMarks entry={entry} />
      <StarRating rating={entry.rating} label={entry.title} onRate={(rating) => onRate(entry, rating)} />
      <span className="w-16 text-right text-[11px] text-muted tabular-nums">
        {formatBytes(entry.sizeBytes)}
      </span>
      <RelativeTime iso={entry.createdAt} className="w-20 text-right text-[11px] text-muted" />
    </div>
  );
});
