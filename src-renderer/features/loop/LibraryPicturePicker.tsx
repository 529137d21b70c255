import { useMutation, useQuery } from '@tanstack/react-query';
import type { LibraryEntry } from '../../../src-shared/contract';
import { LoadingNote } from '../../components/LoadingNote';
import { unwrap } from '../../lib/callError';
import { useLoupe } from '../../lib/loupeContext';
import { visibleText } from '../../lib/visibleText';
import { useAssetBases } from '../../queries/assetQueries';
import { TileThumb } from '../library/tile/TileThumb';
import { broughtWords } from './broughtWords';

const SHOWN = 12;

/**
 * The library's newest pictures (any profile) to put on one image input of a job on `profileId`: the one
 * picked is brought over by hash first (uploaded only when that service lacks the bytes), and its asset id
 * on `profileId` handed back.
 */
const NO_ENTRIES: readonly LibraryEntry[] = [];

export function LibraryPicturePicker({
  profileId,
  label,
  onPick,
}: {
  profileId: string;
  /** The input it fills, for the list's name. */
  label: string;
  onPick: (assetId: string, entry: LibraryEntry) => void;
}) {
  const loupe = useLoupe();
  const pictures = useQuery({
    queryKey: ['library', 'pictures-to-pick'],
    queryFn: () => unwrap(loupe.library.search({ types: ['image'], sort: 'newest', limit: SHOWN })),
  });
  const bring = useMutation({
    mutationFn: async (entry: LibraryEntry) => {
      const brought = await unwrap(
        loupe.assets.bringOver({ profileId, fromProfileId: entry.profileId, assetIds: [entry.assetId] }),
      );
      return { entry, brought: brought.assets };
    },
    onSuccess: ({ entry, brought }) => {
      const assetId = brought[0]?.assetId;
      if (assetId !== undefined) onPick(assetId, entry);
    },
  });
  const bases = useAssetBases(pictures.data?.entries ?? NO_ENTRIES);
  if (pictures.isPending) return <LoadingNote>Reading the library…</LoadingNote>;
  if (pictures.isError) return <p className="text-state-failed">{visibleText(pictures.error.message)}</p>;
  const entries = pictures.data.entries;
  return (
    <div className="space-y-1">
      {entries.length === 0 ? (
        <p className="text-faint">The library has no pictures yet.</p>
      ) : (
        <ul aria-label={`Library pictures for ${label}`} className="grid grid-cols-6 gap-1">
          {entries.map((entry) => (
            <li key={entry.entryId}>
              <button
                type="button"
                title={`${entry.title} · ${entry.profileName}`}
                aria-label={`${entry.title} (${entry.profileName})`}
                disabled={bring.isPending}
                onClick={() => bring.mutate(entry)}
                className="block aspect-square w-full overflow-hidden rounded border border-line hover:border-accent focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50"
              >
                <TileThumb entry={entry} base={bases.get(entry.profileId)} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {bring.isPending ? <LoadingNote>Bringing it over…</LoadingNote> : null}
      {bring.data === undefined ? null : (
        <p role="status" className="text-[11px] text-muted">
          {visibleText(bring.data.entry.title)}: {broughtWords(bring.data.brought)}
        </p>
      )}
      {bring.error instanceof Error ? (
        <p role="alert" className="text-state-failed">
          {visibleText(bring.error.message)}
        </p>
      ) : null}
    </div>
  );
}
