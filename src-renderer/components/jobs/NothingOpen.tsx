import type { ReactNode } from 'react';

interface NothingOpenProps {
  testId: string;
  /** e.g. "No job open". */
  title: string;
  /** What the pane shows once something is picked. */
  children: ReactNode;
  /** The quieter line below: keys, or another way in. */
  hint: ReactNode;
}

/** A detail pane with nothing open: what goes here and how to get it there. */
export function NothingOpen({ testId, title, children, hint }: NothingOpenProps) {
  return (
    <div className="flex h-full items-center justify-center p-8 text-center" data-testid={testId}>
      <div className="max-w-xs text-xs leading-relaxed text-muted">
        <p className="mb-2 text-sm font-medium text-fg">{title}</p>
        <p>{children}</p>
        <p className="mt-3 text-faint">{hint}</p>
      </div>
    </div>
  );
}
