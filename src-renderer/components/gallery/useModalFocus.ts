// Focus for a modal that is not a small Dialog (components/Dialog.tsx does the same for its fixed panel):
// focus moves into the panel when it opens, Tab wraps inside it, focus that escapes (a click on the backdrop,
// a focused control that unmounts) is brought back, and on close focus returns to a place the caller names
// (the tile of the item last shown), else to where it was.
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), audio[controls], video[controls], [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

export function useModalFocus(
  panel: RefObject<HTMLElement | null>,
  returnFocus: () => HTMLElement | null,
): (event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>) => void {
  const returnTo = useRef(returnFocus);
  useEffect(() => {
    returnTo.current = returnFocus;
  }, [returnFocus]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = panel.current;
    node?.focus();
    const keepInside = (event: FocusEvent) => {
      if (node && event.target instanceof Node && !node.contains(event.target)) node.focus();
    };
    document.addEventListener('focusin', keepInside);
    return () => {
      document.removeEventListener('focusin', keepInside);
      const target = returnTo.current() ?? opener;
      if (target?.isConnected) target.focus();
    };
  }, [panel]);

  return (event) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusables(panel.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
