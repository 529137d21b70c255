// The Batches screen's keys: ↑/↓ (or j/k) move the cursor through the list, Enter opens, Esc closes the
// open batch. Never while the user types in a field; the arrows never while focus is in the open batch
// (there they scroll its items and gallery).
import type { BatchSummary } from '../../../src-shared/contract';
import { useShortcutKeys } from '../../hooks/useShortcutKeys';
import { listCursorKey, moveCursor, type ListCursor } from '../../lib/listCursor';
import { useBatchesUi } from './batchesUiStore';

function inDetail(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('[data-batch-detail]') !== null;
}

export function useBatchShortcuts(batches: readonly BatchSummary[]): void {
  useShortcutKeys((event) => {
    const ui = useBatchesUi.getState();
    const cursor: ListCursor = {
      rows: batches,
      cursorId: ui.cursorId,
      openId: ui.openBatchId,
      setCursor: ui.setCursor,
      open: ui.openBatch,
    };
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (inDetail(event.target)) return false;
      moveCursor(cursor, event.key === 'ArrowDown' ? 1 : -1);
      return true;
    }
    return listCursorKey(event, cursor);
  });
}
