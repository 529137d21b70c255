import { useState } from 'react';
import type { LibraryEntry } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { useLibraryUi } from '../libraryUiStore';
import { parseTags } from '../tags/parseTags';
import { CompareSelection } from './CompareSelection';
import { UseSelectionAsInput } from './UseSelectionAsInput';
import type { LibraryActions } from './useLibraryActions';

/** What can be done to the selection: compare, rate, reject, tag, keep, unkeep, export. */
export function BulkBar({
  actions,
  total,
  totalIsLowerBound = false,
  entries = [],
}: {
  actions: LibraryActions;
  total: number;
  /** The total stopped counting: at least `total` match, shown as "10,000+". */
  totalIsLowerBound?: boolean;
  /** The entries loaded so far: Compare takes its pictures from them. */
  entries?: readonly LibraryEntry[];
}) {
  const selected = useLibraryUi((state) => state.selected);
  const allMatching = useLibraryUi((state) => state.allMatching);
  const selectAllMatching = useLibraryUi((state) => state.selectAllMatching);
  const clearSelection = useLibraryUi((state) => state.clearSelection);
  const [tagText, setTagText] = useState('');
  const count = allMatching ? total : selected.size;
  const countText = `${count.toLocaleString()}${allMatching && totalIsLowerBound ? '+' : ''}`;
  const totalText = `${total.toLocaleString()}${totalIsLowerBound ? '+' : ''}`;
  const { tags, problem } = parseTags(tagText);
  const tag = (change: 'add' | 'remove') => {
    if (tags.length === 0) return;
    void actions.tag(change === 'add' ? { add: tags } : { remove: tags });
    setTagText('');
  };
  return (
    <div
      role="toolbar"
      aria-label="Selection"
      className="flex flex-wrap items-center gap-2 border-b border-line bg-panel px-3 py-1.5 text-xs"
    >
      <span data-testid="selection-count" className="text-muted tabular-nums">
        {count === 0 ? 'Nothing selected' : `${countText} selected`}
      </span>
      {!allMatching && total > 0 && (
        <Button variant="ghost" onClick={selectAllMatching}>
          Select all {totalText} results
        </Button>
      )}
      {count > 0 && (
        <>
          <Button variant="ghost" onClick={clearSelection}>
            Clear
          </Button>
          <CompareSelection entries={entries} />
          <UseSelectionAsInput entries={entries} />
          <label className="flex items-center gap-1">
            <span className="text-muted">Rate</span>
            <select
              aria-label="Rate the selection"
              value=""
              onChange={(event) => void actions.rate(Number(event.target.value))}
              className="h-7 rounded border border-line bg-raised px-1"
            >
              <option value="" disabled>
                …
              </option>
              {[5, 4, 3, 2, 1, 0].map((stars) => (
                <option key={stars} value={stars}>
                  {stars === 0 ? 'No stars' : '★'.repeat(stars)}
                </option>
              ))}
            </select>
          </label>
          <Button onClick={() => void actions.reject(true)}>Reject</Button>
          <Button onClick={() => void actions.reject(false)}>Unreject</Button>
          <input
            aria-label="Tags for the selection"
            placeholder="tag, another"
            value={tagText}
            onChange={(event) => setTagText(event.target.value)}
            className="h-7 w-32 rounded border border-line bg-raised px-2"
          />
          <Button disabled={tags.length === 0 || problem !== null} onClick={() => tag('add')}>
            Add tags
          </Button>
          <Button disabled={tags.length === 0 || problem !== null} onClick={() => tag('remove')}>
            Remove tags
          </Button>
          <Button onClick={() => void actions.keep()}>Keep</Button>
          <Button onClick={() => void actions.unkeep()}>Unkeep</Button>
          <Button onClick={() => void actions.exportTo()}>Export…</Button>
          {problem !== null && <span className="text-amber-500">{problem}</span>}
        </>
      )}
    </div>
  );
}
