import { LIBRARY_SORTS, type LibrarySort } from '../../../../src-shared/contract';
import { SaveSearchButton } from '../collections/SaveSearchButton';
import { useLibraryUi, type LibraryView, type TileSize } from '../libraryUiStore';
import { LibrarySearchBox } from './LibrarySearchBox';

const SORT_LABELS: Record<LibrarySort, string> = { newest: 'Newest', oldest: 'Oldest', rating: 'Rating' };
const SIZES: readonly TileSize[] = ['S', 'M', 'L'];

function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: T; text: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex overflow-hidden rounded border border-line">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`h-7 px-2 text-xs ${option.value === value ? 'bg-hover text-fg' : 'text-muted hover:text-fg'}`}
        >
          {option.text}
        </button>
      ))}
    </div>
  );
}

/** The search box (sent to main as typed, one search at a time; main parses `seed:42` and the like), sort, size, view, save. */
export function LibraryToolbar({ queryProblems }: { queryProblems: readonly string[] }) {
  const sort = useLibraryUi((state) => state.sort);
  const setSort = useLibraryUi((state) => state.setSort);
  const size = useLibraryUi((state) => state.size);
  const setSize = useLibraryUi((state) => state.setSize);
  const view = useLibraryUi((state) => state.view);
  const setView = useLibraryUi((state) => state.setView);
  return (
    <div className="border-b border-line px-3 py-2">
      <div className="flex flex-wrap items-center gap-2">
        <LibrarySearchBox />
        <label className="flex items-center gap-1 text-xs text-muted">
          Sort
          <select
            aria-label="Sort"
            value={sort}
            onChange={(event) => setSort(event.target.value as LibrarySort)}
            className="h-7 rounded border border-line bg-raised px-1 text-xs text-fg"
          >
            {LIBRARY_SORTS.map((value) => (
              <option key={value} value={value}>
                {SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        {view === 'grid' && (
          <Segmented
            label="Tile size"
            options={SIZES.map((value) => ({ value, text: value }))}
            value={size}
            onChange={setSize}
          />
        )}
        <Segmented<LibraryView>
          label="View"
          options={[
            { value: 'grid', text: 'Grid' },
            { value: 'list', text: 'List' },
          ]}
          value={view}
          onChange={setView}
        />
        <SaveSearchButton />
      </div>
      {queryProblems.length > 0 && (
        <ul data-testid="query-problems" className="mt-1 text-[11px] text-amber-500">
          {queryProblems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
