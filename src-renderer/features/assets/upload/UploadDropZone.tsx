import { useEffect, useRef, useState } from 'react';
import { collectDropped, entriesOf } from './collectDropped';
import type { UploadInput } from './useUploader';

interface UploadDropZoneProps {
  onDrop: (input: UploadInput) => void;
  /** Where the files go, in words ("to inputs/ with tags a, b"), shown while dragging. */
  destination: string;
}

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Files or folders dropped anywhere on the window while the Assets screen is open are uploaded. While files
 * are dragged over the window an overlay says what a drop will do. Listens on the window, so the whole screen
 * is the target; the folder entries are taken during the drop event, the only time the browser offers them.
 */
export function UploadDropZone({ onDrop, destination }: UploadDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const onDropRef = useRef(onDrop);
  useEffect(() => {
    onDropRef.current = onDrop;
  }, [onDrop]);

  useEffect(() => {
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current += 1;
      setDragging(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without this the browser would open the file itself.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event) || event.dataTransfer === null) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      const items = entriesOf(event.dataTransfer);
      onDropRef.current({ top: Array.from(event.dataTransfer.files), collect: () => collectDropped(items) });
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);

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
