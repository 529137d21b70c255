import type { BatchItem } from '../../../src-shared/contract';
import { Button } from '../../components/Button';
import type { GalleryItem } from '../../components/gallery/galleryItem';
import { visibleText } from '../../lib/visibleText';
import { UseAsInputButton } from './UseAsInputButton';
import { useLoopActions } from './useLoopActions';
import { useLoopUi, type ComparePick } from './loopUiStore';

function labelOf(item: BatchItem | undefined, fallback: string): string {
  if (item === undefined || item.values.length === 0) return fallback;
  return item.values.map(({ target, value }) => `${target} ${JSON.stringify(value)}`).join(' · ');
}

/**
 * A contact-sheet cell's loop (and a batch gallery picture's): Vary this, Vary around this, Use as input, and
 * Compare with the picture beside it (← → then step through the pairs in order).
 */
export function SheetLoopActions({
  picture,
  item,
  pairs,
  onLeave,
}: {
  picture: GalleryItem;
  item: BatchItem | undefined;
  /**
   * Closes the lightbox these sit in, as the picture is handed on to another dialog (Compare, Use as input):
   * left open, its keys would be taken from that dialog.
   */
  onLeave?: () => void;
  /** Every picture of the page as picks, in order: Compare pairs this one with its neighbour. */
  pairs: readonly ComparePick[];
}) {
  const actions = useLoopActions();
  const openAround = useLoopUi((state) => state.openVaryAround);
  const openCompare = useLoopUi((state) => state.openCompare);
  const jobId = picture.origin?.jobId ?? item?.jobId ?? null;
  if (jobId === null) return null;
  const here = pairs.findIndex((pick) => pick.assetId === picture.assetId);
  const steps = pairs.slice(0, -1).map((pick, index) => [pick, pairs[index + 1] as ComparePick]);
  return (
    <section aria-label="Vary and reuse" className="flex flex-wrap gap-1.5">
      <Button disabled={actions.busy} onClick={() => void actions.varyThis(picture.profileId, jobId)}>
        Vary this
      </Button>
      <Button onClick={() => openAround(picture.profileId, jobId)}>Vary around this…</Button>
      <UseAsInputButton fromProfileId={picture.profileId} assetIds={[picture.assetId]} onLeave={onLeave} />
      {steps.length > 0 ? (
        <Button
          onClick={() => {
            const start = Math.min(Math.max(0, here), steps.length - 1);
            const ordered = [...steps.slice(start), ...steps.slice(0, start)];
            onLeave?.();
            openCompare(ordered[0] ?? [], ordered);
          }}
        >
          Compare with next
        </Button>
      ) : null}
      {actions.problem === null ? null : (
        <p role="alert" className="w-full text-[11px] text-state-failed">
          {visibleText(actions.problem)}
        </p>
      )}
      <span className="sr-only">{labelOf(item, picture.name)}</span>
    </section>
  );
}

export function picksOf(
  items: readonly GalleryItem[],
  itemOf: ReadonlyMap<string, BatchItem>,
): ComparePick[] {
  return items.flatMap((picture) =>
    picture.origin === undefined || picture.kind !== 'image'
      ? []
      : [
          {
            profileId: picture.profileId,
            jobId: picture.origin.jobId,
            assetId: picture.assetId,
            label: labelOf(itemOf.get(picture.key), picture.origin.label),
          },
        ],
  );
}
