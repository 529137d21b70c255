import { useEffect, type RefObject } from 'react';

/**
 * Puts focus on `target` when a page opens and focus went nowhere (the button that opened it went away with
 * the page it was on, as "Edit and run" does), so the keyboard carries on from the page, not from the top.
 */
export function useFocusIfLost(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) target.current?.focus({ preventScroll: true });
  }, [target]);
}
