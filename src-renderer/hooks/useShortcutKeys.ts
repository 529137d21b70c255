// A screen's shortcuts as one window keydown listener, added once, that always runs the screen's latest
// handler (so it sees the latest rows) and never sees a key that is not a shortcut: one already taken, one
// with Ctrl, Cmd or Alt, or one typed into a field.
import { useEffect, useRef } from 'react';
import { isTyping } from '../lib/keyTargets';

/** `onKey` says whether it took the key; a taken key's default is prevented. */
export function useShortcutKeys(onKey: (event: KeyboardEvent) => boolean): void {
  const latest = useRef(onKey);
  useEffect(() => {
    latest.current = onKey;
  }, [onKey]);

  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      if (latest.current(event)) event.preventDefault();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
