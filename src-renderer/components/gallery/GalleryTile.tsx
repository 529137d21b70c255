import { visibleText } from '../../lib/visibleText';
import { formatBytes } from '../../../src-shared/format';
import { AssetPreview } from './AssetPreview';
import { assetDragger } from './assetDrag';
import { KIND_LABEL, shortHash, type GalleryItem } from './galleryItem';
import './gallery.css';

interface GalleryTileProps {
  item: GalleryItem;
  /** It arrived after the gallery was first drawn: it animates in. */
  fresh: boolean;
  onOpen: () => void;
}

/** Players keep their clicks; every other preview opens the lightbox when clicked. */
const OWN_CLICKS: readonly GalleryItem['kind'][] = ['audio', 'video'];

/**
 * One output: its preview in a box of fixed size (so loading, failing or arriving never moves a neighbour)
 * and a caption that opens the lightbox. The caption is the tile's one tab stop besides a player's controls.
 */
export function GalleryTile({ item, fresh, onOpen }: GalleryTileProps) {
  const name = visibleText(item.name);
  const origin =
    item.origin === undefined
      ? null
      : { jobId: visibleText(item.origin.jobId), label: visibleText(item.origin.label) };
  const clickable = !OWN_CLICKS.includes(item.kind);
  const dragger = assetDragger();
  return (
    <li
      // In Electron an output can be dragged out to the desktop: main writes the file and starts an OS drag.
      draggable={dragger !== null}
      onDragStart={
        dragger === null
          ? undefined
          : (event) => {
              event.preventDefault();
              dragger(item.profileId, item.assetId);
            }
      }
      data-testid="gallery-tile"
      data-gallery-key={item.key}
      data-kind={item.kind}
      className={`loupe-tile flex flex-col overflow-hidden rounded-md border border-line bg-raised ${
        fresh ? 'loupe-tile-in' : ''
      }`}
    >
      <div
        className={`relative h-36 shrink-0 overflow-hidden bg-canvas ${clickable ? 'cursor-zoom-in' : ''}`}
        onClick={clickable ? onOpen : undefined}
      >
        <AssetPreview item={item} variant="thumb" />
      </div>
      <button
        type="button"
        data-tile-open=""
        onClick={onOpen}
        title={origin === null ? `Open ${name}` : `Open ${name} (from job ${origin.jobId})`}
        className={`flex shrink-0 flex-col justify-center gap-0.5 border-t border-line px-2.5 text-left hover:bg-hover ${
          origin === null ? 'h-[3.6rem]' : 'h-[4.6rem]'
        }`}
      >
        <span className="w-full truncate text-xs text-fg">{name}</span>
        <span className="w-full truncate text-[11px] text-muted tabular-nums">
          {KIND_LABEL[item.kind]}
          {item.sizeBytes === null ? '' : ` · ${formatBytes(item.sizeBytes)}`}
        </span>
        <span className="w-full truncate font-mono text-[10px] text-faint">
          {item.hash ? visibleText(shortHash(item.hash)) : 'hash not known yet'}
        </span>
        {origin === null ? null : (
          <span className="w-full truncate font-mono text-[10px] text-muted" data-testid="tile-origin">
            {origin.label}
          </span>
        )}
      </button>
    </li>
  );
}
