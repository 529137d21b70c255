import { memo } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { FOCUS_MARK } from './focusMark';
import { fullTitle } from './fullTitle';
import { entryOptionProps, type TileHandlers } from './entryOption';
import { entryValues } from './entryValues';
import { StarRating } from './StarRating';
import { TileMarks } from './TileMarks';
import { TileThumb } from './TileThumb';

interface LibraryTileProps extends TileHandlers {
  entry: LibraryEntry;
  focused: boolean;
  selected: boolean;
  showProfile: boolean;
  /** The asset route's prefix of the entry's profile (read once by the grid), undefined while it loads. */
  base: string | undefined;
  /** The side of the square picture, in px. */
  side: number;
}

/** The smallest tile (S, 112 px) leaves its values a letter beside the stars; M (176 px) and up say them. */
const MIN_SIDE_FOR_FOOT = 150;

/** One output in the grid: its thumbnail, its title (never the UUID), stars and marks. */
export const LibraryTile = memo(function LibraryTile({
  entry,
  focused,
  selected,
  showProfile,
  base,
  side,
  onPick,
  onOpen,
  onRate,
  onDragOut,
}: LibraryTileProps) {
  // What tells a sweep's pictures apart (their titles are the shared prompt's first words).
  const values = entryValues(entry);
  // Beside the stars of a small tile there is room for a letter or two: said in the title's tooltip instead.
  const roomy = side >= MIN_SIDE_FOR_FOOT;
  const foot = [roomy ? values : null, showProfile ? entry.profileName : null]
    .filter((part): part is string => part !== null)
    .join(' · ');
  const title = values === null ? fullTitle(entry) : `${fullTitle(entry)} · ${values}`;
  return (
    <div
      {...entryOptionProps(entry, { focused, selected, values }, { onPick, onOpen, onDragOut })}
      style={{ width: side }}
      className={`group flex flex-col overflow-hidden rounded border ${
        selected ? 'border-accent bg-accent/15' : 'border-line bg-panel'
      } ${focused ? FOCUS_MARK : 'outline-none'} ${entry.rejected ? 'opacity-60' : ''}`}
    >
      <div className="relative" style={{ height: side }} data-thumb={entry.thumb}>
        <TileThumb entry={entry} base={base} />
        <div className="absolute top-1 left-1">
          <TileMarks entry={entry} />
        </div>
      </div>
      <div className="flex min-w-0 flex-col gap-0.5 px-1.5 py-1">
        <span className="truncate text-[11px] text-fg" title={title}>
          {entry.title}
        </span>
        <div className="flex items-center justify-between gap-1">
          <StarRating
            rating={entry.rating}
            label={entry.title}
            onRate={(rating) => onRate(entry, rating)}
            buttonsOnHover
          />
          {foot === '' ? null : (
            <span className="min-w-0 truncate text-[10px] text-faint" title={foot} data-testid="tile-foot">
              {foot}
            </span>
          )}
        </div>
      </div>
    </div>
  );
});
