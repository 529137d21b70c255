import { useWindowFileDrop } from '../../../hooks/useWindowFileDrop';

interface SubmitDropZoneProps {
  onFile: (file: File) => void;
}

/**
 * Dropping a workflow file anywhere on the window submits it. While files are dragged over the window an
 * overlay says what a drop will do.
 */
export function SubmitDropZone({ onFile }: SubmitDropZoneProps) {
  const dragging = useWindowFileDrop((data) => {
    const file = data.files[0];
    if (file) onFile(file);
  });

  if (!dragging) return null;
  return (
    <div
      data-testid="drop-overlay"
      className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center bg-canvas/80 p-8"
    >
      <div className="rounded-lg border-2 border-dashed border-accent/70 bg-panel px-10 py-8 text-center">
        <p className="text-sm font-semibold text-fg">Drop a workflow file to submit it</p>
        <p className="mt-1 text-xs text-muted">An API-format .json export, one file at a time.</p>
      </div>
    </div>
  );
}
