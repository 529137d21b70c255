import { visibleText } from '../../lib/visibleText';
import { KIND_LABEL, type GalleryItem } from './galleryItem';

const WHY_NO_PREVIEW: Partial<Record<GalleryItem['kind'], string>> = {
  latent:
    'A latent is the sampler’s working state, not a picture. Copy its reference into a workflow with a ' +
    'VAE Decode node to see it.',
  unknown: 'The service gave this output a type Loupe does not know, so it is not previewed.',
};

/** A file extension worth showing big ("PNG", "LATENT"); the kind when the name has none. */
function badgeText(item: GalleryItem): string {
  const match = /\.([A-Za-z0-9]{1,12})$/.exec(item.name);
  return match?.[1] ? match[1].toUpperCase() : KIND_LABEL[item.kind];
}

/** What stands in for a preview of outputs that have none: files, latents, unknown kinds. */
export function FileFacts({ item, variant }: { item: GalleryItem; variant: 'thumb' | 'full' }) {
  const badge = (
    <span
      aria-hidden="true"
      className={`flex items-center justify-center rounded border border-line bg-panel font-mono tracking-wide text-muted ${
        variant === 'thumb' ? 'h-14 min-w-12 px-1.5 text-[10px]' : 'h-24 min-w-20 px-2 text-xs'
      }`}
    >
      {visibleText(badgeText(item))}
    </span>
  );
  if (variant === 'thumb') {
    return (
      <div className="flex h-full w-full flex-col items-center justify-center gap-2 p-2">
        {badge}
        <span className="max-w-full truncate text-[11px] text-faint">{visibleText(item.contentType)}</span>
      </div>
    );
  }
  return (
    <div className="flex max-w-md flex-col items-center gap-3 text-center">
      {badge}
      <p className="text-sm text-fg">{KIND_LABEL[item.kind]}: no preview</p>
      <p className="text-xs leading-relaxed text-muted">
        {WHY_NO_PREVIEW[item.kind] ?? 'Download it to open it with the program that reads it.'}
      </p>
    </div>
  );
}
