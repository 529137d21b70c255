// Ctrl+N (Cmd+N on a Mac) opens New batch while the Batches screen is up, like "new" in most desktop apps.
// The screen's other keys (useShortcutKeys) leave Ctrl and Cmd alone, so this listens by itself.
import { useEffect } from 'react';
import { useNewBatch } from './newBatchStore';

export function useNewBatchShortcut(): void {
  const openNewBatch = useNewBatch((state) => state.openNewBatch);
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey)
        return;
      if (event.key.toLowerCase() !== 'n') return;
      event.preventDefault();
      openNewBatch();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openNewBatch]);
}
