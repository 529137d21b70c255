import { useEffect } from 'react';
import { SECTIONS, useUiStore } from '../stores/uiStore';

/** Ctrl/Cmd + 1…5 switches sections, like tabs in most desktop apps. */
export function useSectionShortcuts(): void {
  const setSection = useUiStore((state) => state.setSection);
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const index = Number(event.key) - 1;
      const section = SECTIONS[index];
      if (section) {
        event.preventDefault();
        setSection(section);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setSection]);
}
