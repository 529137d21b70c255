// The shared Lightbox steps with ← → only. On a contact sheet ↑ ↓ should step along the other axis, so while
// the sheet's lightbox is open this listens beside it: on window, in the capture phase, as the Lightbox does
// (it stops the key there, which keeps it from the screen behind but not from another window listener).
import { useEffect, useRef } from 'react';

/** As in the Lightbox: arrows belong to these while they have focus (a player seeks, a field moves its caret). */
function ownsArrows(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLMediaElement ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

export function useVerticalLightboxKeys(active: boolean, onStep: (step: 1 | -1) => void): void {
  const latest = useRef(onStep);
  useEffect(() => {
    latest.current = onStep;
  });
  useEffect(() => {
    if (!active) return;
    const listener = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
      if (event.altKey || event.ctrlKey || event.metaKey || ownsArrows(event.target)) return;
      event.preventDefault();
      latest.current(event.key === 'ArrowDown' ? 1 : -1);
    };
    window.addEventListener('keydown', listener, true);
    return () => window.removeEventListener('keydown', listener, true);
  }, [active]);
}
