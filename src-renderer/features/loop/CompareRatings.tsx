// Ratings in Compare (issues 21 and 22): beside the pictures, each one's stars from the library, set with a
// click as on a tile. An output the library has no entry for (yet) says so instead of offering stars that could
// not be kept.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../lib/callError';
import { useLoupe } from '../../lib/loupeContext';
import { visibleText } from '../../lib/visibleText';
import { refreshLibrary } from '../library/refresh/pageRefresh';
import { StarRating } from '../library/tile/StarRating';
import type { ComparePick } from './loopUiStore';

const LETTERS = ['A', 'B', 'C', 'D'];

function PickRating({ pick, letter }: { pick: ComparePick; letter: string }) {
  const loupe = useLoupe();
  const client = useQueryClient();
  const key = ['library.entryOfAsset', pick.profileId, pick.assetId];
  const found = useQuery({
    queryKey: key,
    queryFn: () => unwrap(loupe.library.entryOfAsset({ profileId: pick.profileId, assetId: pick.assetId })),
  });
  const entry = found.data?.entry ?? null;
  const label = `${letter} · ${visibleText(pick.label)}`;
  return (
    <li className="flex items-center justify-between gap-2">
      <span className="min-w-0 truncate" title={label}>
        {label}
      </span>
      {entry === null ? (
        <span className="shrink-0 text-faint">{found.isPending ? '…' : 'Not in the library yet'}</span>
      ) : (
        <StarRating
          rating={entry.rating}
          label={label}
          onRate={(rating) => {
            void unwrap(loupe.library.rate({ entryIds: [entry.entryId], rating })).then(async () => {
              await client.invalidateQueries({ queryKey: key });
              await refreshLibrary(client);
            });
          }}
        />
      )}
    </li>
  );
}

export function CompareRatings({ picks }: { picks: readonly ComparePick[] }) {
  return (
    <section aria-label="Ratings" className="mb-4 space-y-1 text-xs">
      <h3 className="text-[11px] font-semibold text-muted">Ratings</h3>
      <ul className="space-y-1">
        {picks.map((pick, index) => (
          <PickRating key={`${pick.profileId}/${pick.assetId}`} pick={pick} letter={LETTERS[index] ?? '?'} />
        ))}
      </ul>
    </section>
  );
}
