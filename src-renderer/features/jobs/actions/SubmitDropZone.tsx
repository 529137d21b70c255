import { DropOverlay } from '../../../components/DropOverlay';
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
    <DropOverlay testId="drop-overlay" title="Drop a workflow file to submit it">
      <p className="mt-1 text-xs text-muted">
        An API-format .json export, or a PNG the workflow server saved, one file at a time.
      </p>
    </DropOverlay>
  );
}
