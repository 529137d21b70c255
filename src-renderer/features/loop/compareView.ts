// The compare view's picture geometry and the difference image, kept out of the components so they can be
// tested without a browser's layout: one zoom and pan for every pane (locked together), and a pixel
// difference of two pictures of the same size.

export interface View {
  zoom: number;
  x: number;
  y: number;
}

export const HOME: View = { zoom: 1, x: 0, y: 0 };
const MIN_ZOOM = 0.25;
const MAX_ZOOM = 16;

export function zoomed(view: View, factor: number): View {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom * factor));
  return { ...view, zoom };
}

export function panned(view: View, dx: number, dy: number): View {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** The CSS transform every pane shares. */
export function transformOf(view: View): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.zoom})`;
}

/**
 * |a − b| per channel, amplified so small differences show, alpha opaque. Both are RGBA of the same size;
 * pixels past the shorter one count as entirely different.
 */
export function pixelDifference(
  a: Uint8ClampedArray,
  b: Uint8ClampedArray,
  gain = 4,
): Uint8ClampedArray<ArrayBuffer> {
  const out = new Uint8ClampedArray(Math.max(a.length, b.length));
  for (let index = 0; index < out.length; index += 4) {
    for (let channel = 0; channel < 3; channel++) {
      const left = a[index + channel];
      const right = b[index + channel];
      out[index + channel] = left === undefined || right === undefined ? 255 : Math.abs(left - right) * gain;
    }
    out[index + 3] = 255;
  }
  return out;
}
