import type { ReactNode } from 'react';
import type { WidthLimits } from '../../stores/paneWidth';
import { PaneSplitter } from './PaneSplitter';

/** How a screen lays out its two panes; fixed per screen. */
export interface PaneLayout {
  /** The divider's accessible name, e.g. "Resize the job list". */
  label: string;
  /** How far the list may be dragged, in pixels; a double-click on the divider goes back to `initial`. */
  limits: WidthLimits;
  /** The list's narrowest (a Tailwind min-width class) and the room it always leaves the detail. */
  listMinWidth: 'min-w-72' | 'min-w-80';
  detailRoom: string;
}

interface ListBesideDetailProps {
  layout: PaneLayout;
  /** The list's width now, as the user last left it. */
  width: number;
  onResize: (width: number) => void;
  list: ReactNode;
  /** The detail pane: the open item, or what to do when nothing is open. */
  children: ReactNode;
}

/** The Jobs, Batches and Assets screens' two panes: the list, a divider that remembers, the open item. */
export function ListBesideDetail({ layout, width, onResize, list, children }: ListBesideDetailProps) {
  const { limits } = layout;
  return (
    <>
      <div
        className={`h-full ${layout.listMinWidth} shrink-0`}
        style={{ width, maxWidth: `calc(100% - ${layout.detailRoom})` }}
      >
        {list}
      </div>
      <PaneSplitter
        label={layout.label}
        width={width}
        min={limits.min}
        max={limits.max}
        onResize={onResize}
        onReset={() => onResize(limits.initial)}
      />
      <div className="h-full min-w-0 flex-1 bg-panel">{children}</div>
    </>
  );
}
