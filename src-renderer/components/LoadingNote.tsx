import type { ReactNode } from 'react';
import { Spinner } from './Spinner';

/** A spinner and what is being waited for, one line: every pane's first load looks the same. */
export function LoadingNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 p-4 text-xs text-muted">
      <Spinner /> {children}
    </p>
  );
}
