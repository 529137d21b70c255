// Esc closes the screen from anywhere in it, fields included (like a dialog's Esc). A dialog over it takes its
// own Esc first (it stops the key there), and a key an IME is still composing is not a request to leave.
import { useEffect, useRef } from 'react';

export function useEscapeKey(onEscape: (() => void) | null): void {
  const latest = useRef(onEscape);
  useEffect(() => {
    latest.current = onEscape;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      const handler = latest.current;
      if (handler === null) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
