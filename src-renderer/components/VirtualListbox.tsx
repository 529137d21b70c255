import type { HTMLAttributes, ReactNode, RefObject } from 'react';

interface VirtualListboxProps extends Omit<
  HTMLAttributes<HTMLDivElement>,
  'role' | 'tabIndex' | 'className'
> {
  /** The scroll element the virtualizer measures (useVirtualRows). */
  scroller: RefObject<HTMLDivElement | null>;
  /** The height of every row together, so the scrollbar is true while only a window is drawn. */
  totalSize: number;
  /** The rows in the window, each placed absolutely at its offset. */
  children: ReactNode;
}

/** The focusable, scrolling listbox around a virtual list's rows: the Jobs and Batches lists use the same one. */
export function VirtualListbox({ scroller, totalSize, children, ...aria }: VirtualListboxProps) {
  return (
    <div
      ref={scroller}
      role="listbox"
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-none"
      {...aria}
    >
      <div className="relative w-full" style={{ height: totalSize }}>
        {children}
      </div>
    </div>
  );
}
