import { useState, type SyntheticEvent } from 'react';
import type { LibraryEntry, LibraryKeepState } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import type { LibraryActions } from '../bulk/useLibraryActions';
import { parseTags } from '../tags/parseTags';

/** The keep button's words by where the entry's keeping stands: kept stops keeping, queued waits, else keeps. */
const KEEP_BUTTON: Readonly<Record<LibraryKeepState, { label: string; title: string }>> = {
  kept: {
    label: 'Stop keeping',
    title: 'Remove the copy on this computer (the service’s copy, if any, stays)',
  },
  queued: { label: 'Keeping…', title: 'The original is on its way to the library folder' },
  failed: { label: 'Keep again', title: 'Keeping failed' },
  none: {
    label: 'Keep on this computer',
    title: 'Copy the original into the library folder, so it stays after the service forgets it',
  },
};

/**
 * What can be done to the one entry the lightbox shows, without leaving it: keep (or stop), reject, export,
 * and its tags added or removed. The same calls as the selection's bar, on this entry's id only.
 */
export function EntryActions({ entry, actions }: { entry: LibraryEntry; actions: LibraryActions }) {
  const [tagText, setTagText] = useState('');
  const { tags, problem } = parseTags(tagText);
  const keep = KEEP_BUTTON[entry.keep];
  const ids = [entry.entryId];
  const addTags = (event: SyntheticEvent) => {
    event.preventDefault();
    if (tags.length === 0 || problem !== null) return;
    void actions.tag({ add: tags }, ids);
    setTagText('');
  };
  return (
    <section aria-label="This entry" className="space-y-2">
      <div className="flex flex-wrap items-center gap-1.5">
        <Button
          disabled={entry.keep === 'queued'}
          title={entry.keep === 'failed' ? (entry.keepMessage ?? keep.title) : keep.title}
          onClick={() => void (entry.keep === 'kept' ? actions.unkeep(ids) : actions.keep(ids))}
        >
          {keep.label}
        </Button>
        <Button
          title={entry.rejected ? 'Show it in the results again' : 'Hide it from the results (x)'}
          onClick={() => void actions.reject(!entry.rejected, ids)}
        >
          {entry.rejected ? 'Unreject' : 'Reject'}
        </Button>
        <Button
          title="Save the original and what made it to a folder"
          onClick={() => void actions.exportTo(ids)}
        >
          Export…
        </Button>
      </div>
      <ul aria-label="Tags" className="flex flex-wrap items-center gap-1">
        {entry.tags.map((tag) => (
          <li key={tag} className="flex items-center rounded bg-raised pl-2 text-[11px]">
            {tag}
            <button
              type="button"
              aria-label={`Remove the tag ${tag}`}
              title="Remove this tag"
              className="px-1.5 text-muted hover:text-fg"
              onClick={() => void actions.tag({ remove: [tag] }, ids)}
            >
              ×
            </button>
          </li>
        ))}
        <li>
          <form onSubmit={addTags} className="flex items-center gap-1">
            <input
              aria-label="Add tags to this entry"
              placeholder={entry.tags.length === 0 ? 'Add a tag…' : 'Another tag…'}
              value={tagText}
              onChange={(event) => setTagText(event.target.value)}
              aria-invalid={problem !== null}
              className="h-6 w-32 rounded border border-line bg-raised px-2 text-[11px]"
            />
            <Button type="submit" variant="ghost" disabled={tags.length === 0 || problem !== null}>
              Add
            </Button>
          </form>
        </li>
      </ul>
      {problem !== null && (
        <p role="alert" className="text-[11px] text-amber-500">
          {problem}
        </p>
      )}
    </section>
  );
}
