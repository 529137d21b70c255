import { useEffect, useState, type RefObject } from 'react';

const FALLBACK = 160;
const BOUNDS = { min: 40, max: 4000 };

/**
 * How many monospace characters fit across the element (less a gutter), kept up to date as it resizes.
 * Measured from a probe of ten characters in the log's own font; a test DOM (no layout) gets a fixed width.
 */
export function useCharsPerRow(
  container: RefObject<HTMLElement | null>,
  probe: RefObject<HTMLElement | null>,
  gutterPx: number,
): number {
  const [chars, setChars] = useState(FALLBACK);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const measure = () => {
      const charWidth = (probe.current?.getBoundingClientRect().width ?? 0) / 10;
      const width = element.clientWidth - gutterPx;
      if (charWidth <= 0 || width <= 0) return;
      const fit = Math.floor(width / charWidth);
      setChars(Math.min(BOUNDS.max, Math.max(BOUNDS.min, fit)));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [container, probe, gutterPx]);
  return chars;
}
