import { useEffect, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { visibleText } from '../../lib/visibleText';
import { pixelDifference, panned, transformOf, zoomed, type View } from './compareView';

export type CompareMode = 'side' | 'slider' | 'difference';

interface Picture {
  url: string;
  /** Its thumbnail, shown while the original (up to 4K and more) is on its way. */
  preview?: string;
  label: string;
}

interface PanesProps {
  pictures: readonly Picture[];
  mode: CompareMode;
  view: View;
  onView: (view: View) => void;
}

function usePanZoom(view: View, onView: (view: View) => void) {
  const dragging = useRef<{ x: number; y: number } | null>(null);
  return {
    onWheel: (event: WheelEvent) => onView(zoomed(view, event.deltaY < 0 ? 1.1 : 1 / 1.1)),
    onPointerDown: (event: PointerEvent) => {
      dragging.current = { x: event.clientX, y: event.clientY };
    },
    onPointerMove: (event: PointerEvent) => {
      const from = dragging.current;
      if (from === null) return;
      dragging.current = { x: event.clientX, y: event.clientY };
      onView(panned(view, event.clientX - from.x, event.clientY - from.y));
    },
    onPointerUp: () => {
      dragging.current = null;
    },
  };
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('not loaded'));
    image.src = url;
  });
}

/** The pixel difference of the first two pictures, drawn on a canvas (same size, or the first one's). */
function DifferenceCanvas({ a, b, view }: { a: string; b: string; view: View }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let live = true;
    setDrawn(false);
    Promise.all([loadImage(a), loadImage(b)])
      .then(([left, right]) => {
        const target = canvas.current;
        const context = target?.getContext('2d') ?? null;
        if (!live || target === null || context === null) {
          if (live) setProblem('This window cannot draw the difference.');
          return;
        }
        const width = left.naturalWidth;
        const height = left.naturalHeight;
        target.width = width;
        target.height = height;
        const read = (image: HTMLImageElement) => {
          context.clearRect(0, 0, width, height);
          context.drawImage(image, 0, 0, width, height);
          return context.getImageData(0, 0, width, height).data;
        };
        const pixels = pixelDifference(read(left), read(right));
        context.putImageData(new ImageData(pixels, width, height), 0, 0);
        setDrawn(true);
        setProblem(
          left.naturalWidth === right.naturalWidth && left.naturalHeight === right.naturalHeight
            ? null
            : 'The two pictures differ in size: B was stretched to A’s.',
        );
      })
      .catch(() => live && setProblem('A picture did not load, so there is no difference to show.'));
    return () => {
      live = false;
    };
  }, [a, b]);
  return (
    <div className="relative flex h-full w-full items-center justify-center overflow-hidden">
      <canvas
        ref={canvas}
        aria-label="Difference between A and B"
        className="max-h-full max-w-full origin-center [image-rendering:pixelated]"
        style={{ transform: transformOf(view) }}
      />
      {drawn || problem !== null ? null : (
        <p role="status" className="absolute inset-0 flex items-center justify-center text-xs text-muted">
          Working out the difference…
        </p>
      )}
      {problem === null ? null : <p className="absolute bottom-2 left-2 text-[11px] text-muted">{problem}</p>}
    </div>
  );
}

type Loading = 'loading' | 'shown' | 'broken';

/** What a pane says over its picture while it loads, or when it did not (the image's own icon says nothing). */
function PaneNote({ state, letter, previewed }: { state: Loading; letter: string; previewed: boolean }) {
  if (state === 'shown') return null;
  // Over a thumbnail the words keep to a corner: the picture is there to look at, only sharper soon.
  if (state === 'loading' && previewed)
    return (
      <p role="status" className="absolute right-1 bottom-1 rounded bg-raised/80 px-1 text-[11px] text-muted">
        Loading the original of {letter}…
      </p>
    );
  return (
    <p
      role={state === 'broken' ? 'alert' : 'status'}
      className="absolute inset-0 flex items-center justify-center p-4 text-center text-xs text-muted"
    >
      {state === 'loading'
        ? `Loading picture ${letter}…`
        : `Picture ${letter} did not load: the service may no longer have it, and it was not kept.`}
    </p>
  );
}

function Pane({
  picture,
  view,
  letter,
  layer = false,
  captionRight = false,
}: {
  picture: Picture;
  view: View;
  letter: string;
  /** Fills its stage (the slider stacks A over B) instead of taking a share of a row. */
  layer?: boolean;
  captionRight?: boolean;
}) {
  const [state, setState] = useState<Loading>('loading');
  const [previewed, setPreviewed] = useState(false);
  const preview = state === 'loading' && picture.preview !== undefined ? picture.preview : null;
  return (
    <figure
      className={`${layer ? 'absolute inset-0' : 'relative min-w-0 flex-1'} flex items-center justify-center overflow-hidden bg-canvas`}
      data-state={state}
    >
      {preview === null ? null : (
        // The thumbnail under the coming original, at the pane's size and the same zoom; it goes once the
        // original has loaded (or failed: the note says so then).
        <img
          src={preview}
          alt=""
          draggable={false}
          data-testid="compare-preview"
          onLoad={() => setPreviewed(true)}
          onError={() => setPreviewed(false)}
          className={`absolute inset-0 h-full w-full origin-center object-contain select-none ${previewed ? '' : 'invisible'}`}
          style={{ transform: transformOf(view) }}
        />
      )}
      <img
        src={picture.url}
        alt={`${letter}: ${picture.label}`}
        draggable={false}
        onLoad={() => setState('shown')}
        onError={() => setState('broken')}
        className={`max-h-full max-w-full origin-center select-none ${state === 'shown' ? '' : 'invisible'}`}
        style={{ transform: transformOf(view) }}
      />
      <PaneNote state={state} letter={letter} previewed={preview !== null && previewed} />
      <figcaption
        className={`absolute top-1 ${captionRight ? 'right-1' : 'left-1'} rounded bg-raised/80 px-1 text-[11px] text-fg`}
      >
        {letter} · {visibleText(picture.label)}
      </figcaption>
    </figure>
  );
}

/**
 * A over B, both filling the stage at one place and size, cut by a vertical split set with the range control
 * (A left of the line, B right of it).
 */
function Slider({ a, b, view }: { a: Picture; b: Picture; view: View }) {
  const [split, setSplit] = useState(50);
  return (
    <div className="relative h-full w-full overflow-hidden">
      <Pane key={b.url} picture={b} view={view} letter="B" layer captionRight />
      <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}>
        <Pane key={a.url} picture={a} view={view} letter="A" layer />
      </div>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 w-px bg-fg/70"
        style={{ left: `${split}%` }}
      />
      <input
        // The range is dragged on its own: a drag here is not a pan of the pictures.
        onPointerDown={(event) => event.stopPropagation()}
        type="range"
        min={0}
        max={100}
        value={split}
        aria-label="Where A ends and B begins"
        onChange={(event) => setSplit(Number(event.target.value))}
        className="absolute bottom-2 left-1/4 w-1/2"
      />
    </div>
  );
}

/** The pictures, every pane under one zoom and pan. */
export function ComparePanes({ pictures, mode, view, onView }: PanesProps) {
  const handlers = usePanZoom(view, onView);
  const [a, b] = pictures;
  let body;
  if (mode === 'slider' && a !== undefined && b !== undefined) body = <Slider a={a} b={b} view={view} />;
  else if (mode === 'difference' && a !== undefined && b !== undefined)
    body = <DifferenceCanvas a={a.url} b={b.url} view={view} />;
  else
    body = pictures.map((picture, index) => (
      <Pane
        key={`${index}-${picture.url}`}
        picture={picture}
        view={view}
        letter={String.fromCharCode(65 + index)}
      />
    ));
  return (
    <div className="flex min-h-0 flex-1 cursor-grab gap-1" data-testid="compare-panes" {...handlers}>
      {body}
    </div>
  );
}
