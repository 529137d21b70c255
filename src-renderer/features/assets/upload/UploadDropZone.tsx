import { useWindowFileDrop } from '../../../hooks/useWindowFileDrop';
import { collectDropped, entriesOf } from './collectDropped';
import type { UploadInput } from './useUploader';

interface UploadDropZoneProps {
  onDrop: (input: UploadInput) => void;
  /** Where the files go, in words ("to inputs/ with tags a, b"), shown while dragging. */
  destination: string;
}

/**
 * Files or folders dropped anywhere on the window while the Assets screen is open are uploaded. While files
 * are dragged over the window an overlay says what a drop will do; the folder entries are taken during the
 * drop event, the only time the browser offers them.
 */
export function UploadDropZone({ onDrop, destination }: UploadDropZoneProps) {
  const dragging = useWindowFileDrop((data) => {
    const items = entriesOf(data);
    onDrop({ top: Array.from(data.files), collect: () => collectDropped(items) });
  });

  if (!dragging) return null;
  return (
    <div
      data-testid="upload-drop-overlay"
      className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center bg-canvas/80 p-8"
    >
      <div className="max-w-md rounded-lg border-2 border-dashed border-accent/70 bg-panel px-10 py-8 text-center">
        <p className="text-sm font-semibold text-fg">Drop files or folders to upload them</p>
        <p className="mt-1 text-xs text-muted">
          Each file is hashed first: bytes the service already holds are not sent again.
        </p>
        <p className="mt-2 text-xs text-faint">{destination}</p>
      </div>
    </div>
  );
}
