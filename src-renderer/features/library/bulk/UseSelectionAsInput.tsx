import type { LibraryEntry } from '../../../../src-shared/contract';
import { Button } from '../../../components/Button';
import { UseAsInputButton } from '../../loop/UseAsInputButton';
import { useLibraryUi } from '../libraryUiStore';

/** What assets.bringOver takes at once. */
const MOST = 100;

/**
 * The selection as New batch inputs: service assets (job outputs and uploads; a Router run's file is not one)
 * of one profile, each loaded here, at most MOST; or why they cannot be used.
 */
export function inputAssets(
  selected: ReadonlySet<number>,
  allMatching: boolean,
  entries: readonly LibraryEntry[],
): { profileId: string; assetIds: string[]; why: null } | { why: string } {
  if (allMatching || selected.size === 0 || selected.size > MOST)
    return { why: `Select 1 to ${MOST} outputs to use them as inputs` };
  const byId = new Map(entries.map((entry) => [entry.entryId, entry]));
  const chosen: LibraryEntry[] = [];
  for (const id of selected) {
    const entry = byId.get(id);
    if (entry === undefined) return { why: `Select 1 to ${MOST} outputs to use them as inputs` };
    if (entry.source === 'router') return { why: 'A Router run’s file is not an asset of the service' };
    chosen.push(entry);
  }
  const profiles = new Set(chosen.map((entry) => entry.profileId));
  const [profileId] = profiles;
  if (profiles.size !== 1 || profileId === undefined)
    return { why: 'Select outputs of one profile to use them as inputs together' };
  return { profileId, assetIds: chosen.map((entry) => entry.assetId), why: null };
}

/** Use as input in the selection bar: the selected outputs onto an inputs axis of New batch, on any profile. */
export function UseSelectionAsInput({ entries }: { entries: readonly LibraryEntry[] }) {
  const selected = useLibraryUi((state) => state.selected);
  const allMatching = useLibraryUi((state) => state.allMatching);
  const chosen = inputAssets(selected, allMatching, entries);
  if (chosen.why !== null) {
    return (
      <Button disabled title={chosen.why}>
        Use as input
      </Button>
    );
  }
  return <UseAsInputButton fromProfileId={chosen.profileId} assetIds={chosen.assetIds} />;
}
