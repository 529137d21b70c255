import type { ReactNode } from 'react';

interface DropOverlayProps {
  testId: string;
  /** What a drop will do, in a few words. */
  title: string;
  /** Smaller notes under the title. */
  children: ReactNode;
}

/** Covers the window while files are dragged over it, saying what a drop will do. */
export function DropOverlay({ testId, title, children }: DropOverlayProps) {
  return (
    <div
      data-testid={testId}
      className="pointer-events-none fixed inset-0 z-40 flex items-center justify-center bg-canvas/80 p-8"
    >
      <div className="max-w-md rounded-lg border-2 border-dashed border-accent/70 bg-panel px-10 py-8 text-center">
        <p className="text-sm font-semibold text-fg">{title}</p>
        {children}
      </div>
    </div>
  );
}
