import { useState } from 'react';
import type { PreviewImage } from '../../../hooks/previewImage';
import { visibleText } from '../../../lib/visibleText';

const BOX = 'h-28 w-28 rounded border border-line bg-raised';

/**
 * The latest preview of a running job. Its bytes come from the service as they are: a preview that does not
 * decode would show the browser's broken-image icon with its alt text spilling out of the box, so the box says
 * "No preview" instead, until the next preview (a new src) tries again.
 */
export function LivePreview({ image }: { image: PreviewImage }) {
  const node = visibleText(image.nodeId);
  // Keyed by src, so a failure belongs to the one preview that failed, not to the ones after it.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === image.src;
  return (
    <figure className="shrink-0">
      {failed ? (
        <div
          role="img"
          aria-label={`The latest preview from node ${node} could not be shown`}
          title={`The latest preview from node ${node} could not be shown: its picture did not decode.`}
          className={`${BOX} flex items-center justify-center text-[10px] text-faint`}
          data-testid="preview-placeholder"
        >
          <span aria-hidden="true">No preview</span>
        </div>
      ) : (
        <img
          src={image.src}
          alt={`Latest preview from node ${node}`}
          className={`${BOX} object-contain`}
          onError={() => setFailedSrc(image.src)}
        />
      )}
      <figcaption className="mt-1 text-center text-[10px] text-faint">Preview</figcaption>
    </figure>
  );
}
