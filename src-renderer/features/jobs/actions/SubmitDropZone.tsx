import { useEffect, useRef, useState } from 'react';

interface SubmitDropZoneProps {
  onFile: (file: File) => void;
}

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Dropping a workflow file anywhere on the window submits it. While files are dragged over the window an
 * overlay says what a drop will do. Listens on the window so the whole screen is the target.
 */
export function SubmitDropZone({ onFile }: SubmitDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const onFileRef = useRef(onFile);
  useEffect(() => {
    onFileRef.current = onFile;
  }, [onFile]);

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
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      const file = event.dataTransfer?.files[0];
      if (file) onFileRef.current(file);
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
