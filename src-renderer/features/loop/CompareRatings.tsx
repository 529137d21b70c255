// Ratings in Compare (issues 21 and 22): beside the pictures, each one's stars from the library, set with a
// click as on a tile. An output the library has no entry for (yet) says so instead of offering stars that could
// not be kept; a rating main refused says why under the stars, which keep the rating main holds.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
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
  const [failure, setFailure] = useState<string | null>(null);
  const rate = (entryId: number, rating: number): void => {
    setFailure(null);
    unwrap(loupe.library.rate({ entryIds: [entryId], rating }))
      .then(
        () => client.invalidateQueries({ queryKey: key }),
        (error: unknown) => {
          const message = error instanceof Error ? error.message : 'Something went wrong.';
          setFailure(`Loupe could not rate ${letter}. ${message} Try again.`);
        },
      )
      .then(() => refreshLibrary(client))
      // refreshLibrary catches its own reads; nothing here may reject into the void.
      .catch(() => undefined);
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-2">
      <span className="min-w-0 truncate" title={label}>
        {label}
      </span>
      {entry === null ? (
        <span className="shrink-0 text-faint">{found.isPending ? '…' : 'Not in the library yet'}</span>
      ) : (
        <StarRating rating={entry.rating} label={label} onRate={(rating) => rate(entry.entryId, rating)} />
      )}
      {failure !== null && (
        <p role="alert" className="basis-full text-[11px] text-state-failed">
          {failure}
        </p>
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
