import type { LibraryEntry } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { useLoopUi, type ComparePick } from '../../loop/loopUiStore';
import { useLibraryUi } from '../libraryUiStore';

const MOST = 4;

/** Under a picture: its batch values when it has them (a sweep's pictures share one prompt), else its title. */
function labelOf(entry: LibraryEntry): string {
  const values = Object.entries(entry.batch?.values ?? {});
  return values.length === 0
    ? entry.title
    : values.map(([target, value]) => `${target} ${value}`).join(' · ');
}

/**
 * The selection as compare picks, in the order it was picked (a Set keeps insertion order), or why it cannot
 * be compared: 2 to 4 pictures, each loaded here (a "select all" names entries this window has not read).
 */
export function comparePicks(
  selected: ReadonlySet<number>,
  allMatching: boolean,
  entries: readonly LibraryEntry[],
): { picks: ComparePick[]; why: string | null } {
  if (allMatching || selected.size < 2 || selected.size > MOST)
    return { picks: [], why: `Select 2 to ${MOST} pictures to compare them` };
  const byId = new Map(entries.map((entry) => [entry.entryId, entry]));
  const picks: ComparePick[] = [];
  for (const id of selected) {
    const entry = byId.get(id);
    if (entry === undefined || entry.type !== 'image') return { picks: [], why: 'Only pictures compare' };
    picks.push({
      profileId: entry.profileId,
      jobId: entry.jobId,
      assetId: entry.assetId,
      label: labelOf(entry),
    });
  }
  return { picks, why: null };
}

/** Compare in the selection bar: the 2 to 4 selected pictures side by side, with what differs in their jobs. */
export function CompareSelection({ entries }: { entries: readonly LibraryEntry[] }) {
  const selected = useLibraryUi((state) => state.selected);
  const allMatching = useLibraryUi((state) => state.allMatching);
  const openCompare = useLoopUi((state) => state.openCompare);
  const { picks, why } = comparePicks(selected, allMatching, entries);
  return (
    <Button
      disabled={why !== null}
      title={why ?? 'Compare the selected pictures'}
      onClick={() => openCompare(picks)}
    >
      Compare
    </Button>
  );
}
