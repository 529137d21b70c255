import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The scroll element's inner width, followed as the pane resizes. The element may mount after the first
 * render (a "Loading…" first), so each render checks it, but observes a node only once.
 */
export function useGridWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  const link = useRef<{ node: HTMLElement; detach: () => void } | null>(null);
  useLayoutEffect(() => {
    const node = element.current;
    if (link.current?.node === node) return;
    link.current?.detach();
    link.current = null;
    if (node === null) return;
    const update = () => setWidth(node.clientWidth);
    update();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(node);
    link.current = { node, detach: () => observer?.disconnect() };
  });
  useEffect(
    () => () => {
      link.current?.detach();
      link.current = null;
    },
    [],
  );
  return width;
}
