// The Batches screen's keys: ↑/↓ (or j/k) move the cursor through the list, Enter opens, Esc closes the
// open batch. Never while the user types in a field; the arrows never while focus is in the open batch
// (there they scroll its items and gallery).
import { useEffect, useRef } from 'react';
import type { BatchSummary } from '../../../src-preload/contract';
import { useBatchesUi } from './batchesUiStore';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function isControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && ['BUTTON', 'A', 'SUMMARY'].includes(target.tagName);
}

function inDetail(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('[data-batch-detail]') !== null;
}

export function useBatchShortcuts(batches: readonly BatchSummary[]): void {
  // The listener is added once; it reads the latest rows from here.
  const latest = useRef(batches);
  useEffect(() => {
    latest.current = batches;
  }, [batches]);

  useEffect(() => {
    const move = (step: number) => {
      const ui = useBatchesUi.getState();
      const ids = latest.current.map((batch) => batch.id);
      if (ids.length === 0) return;
      const at = ui.cursorId === null ? -1 : ids.indexOf(ui.cursorId);
      const next =
        at === -1 ? (step > 0 ? 0 : ids.length - 1) : Math.min(ids.length - 1, Math.max(0, at + step));
      ui.setCursor(ids[next] ?? null);
    };

    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      const ui = useBatchesUi.getState();
      let handled = true;
      switch (event.key) {
        case 'ArrowDown':
        case 'ArrowUp':
          if (inDetail(event.target)) handled = false;
          else move(event.key === 'ArrowDown' ? 1 : -1);
          break;
        case 'j':
          move(1);
          break;
        case 'k':
          move(-1);
          break;
        case 'Enter':
          if (isControl(event.target) || ui.cursorId === null) handled = false;
          else ui.openBatch(ui.cursorId);
          break;
        case 'Escape':
          if (ui.openBatchId !== null) ui.openBatch(null);
          else handled = false;
          break;
        default:
          handled = false;
      }
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
