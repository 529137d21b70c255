import { visibleText } from '../../lib/visibleText';
import { AssetImage } from './AssetImage';
import { AssetMedia } from './AssetMedia';
import { FileFacts } from './FileFacts';
import type { GalleryItem } from './galleryItem';
import { TextPreview } from './TextPreview';

/** The right preview for an item's kind: a picture, a player, the text's head, or its facts. */
export function AssetPreview({ item, variant }: { item: GalleryItem; variant: 'thumb' | 'full' }) {
  const name = visibleText(item.name);
  switch (item.kind) {
    case 'image':
      return (
        <AssetImage
          url={item.url}
          // A tile shows the small thumbnail; the lightbox, the picture itself.
          previewUrl={variant === 'thumb' ? item.previewUrl : undefined}
          alt={name}
          variant={variant}
        />
      );
    case 'audio':
    case 'video':
      return (
        <AssetMedia
          url={item.url}
          waveUrl={item.previewUrl}
          kind={item.kind}
          label={name}
          variant={variant}
        />
      );
    case 'text':
      return <TextPreview url={item.url} variant={variant} />;
    default:
      return <FileFacts item={item} variant={variant} />;
  }
}
