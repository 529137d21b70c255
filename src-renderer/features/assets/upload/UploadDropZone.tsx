import { DropOverlay } from '../../../components/DropOverlay';
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
    <DropOverlay testId="upload-drop-overlay" title="Drop files or folders to upload them">
      <p className="mt-1 text-xs text-muted">
        Each file is hashed first: bytes the service already holds are not sent again.
      </p>
      <p className="mt-2 text-xs text-faint">{destination}</p>
    </DropOverlay>
  );
}
