import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

interface PaneSplitterProps {
  /** The width of the pane on the splitter's left, in pixels. */
  width: number;
  min: number;
  max: number;
  onResize: (width: number) => void;
  onReset: () => void;
  label: string;
}

const KEY_STEP = 16;

/** A vertical divider: drag it, or focus it and use ←/→ (Home/End for the limits); double-click resets. */
export function PaneSplitter({ width, min, max, onResize, onReset, label }: PaneSplitterProps) {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start) onResize(start.startWidth + event.clientX - start.startX);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next: Record<string, number> = {
      ArrowLeft: width - KEY_STEP,
      ArrowRight: width + KEY_STEP,
      Home: min,
      End: max,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onResize(target);
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={max}
      tabIndex={0}
      title="Drag to resize; double-click to reset"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDoubleClick={onReset}
      onKeyDown={onKeyDown}
      className="group relative w-px shrink-0 cursor-col-resize bg-line focus-visible:outline-none"
    >
      {/* A wider invisible grip than the 1 px line, so it is easy to catch. */}
      <span className="absolute inset-y-0 -right-1.5 -left-1.5 group-hover:bg-accent/30 group-focus-visible:bg-accent/50" />
    </div>
  );
}
