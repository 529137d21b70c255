import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { visibleText } from '../../../../lib/visibleText';
import type { JsonValue } from '../../form/inputDraft';
import { containerSummary, JsonValueText } from './JsonValueText';
import { initiallyOpen, isContainer, rowId, visibleRows, type JsonRow } from './jsonRows';

interface JsonTreeProps {
  value: JsonValue;
  /** The tree's accessible name, e.g. "Output". */
  label: string;
}

function keyText(row: JsonRow): string | null {
  if (row.label === null) return null;
  return typeof row.label === 'number' ? String(row.label) : visibleText(row.label);
}

/**
 * A JSON value as a tree (WAI-ARIA tree view): one tab stop, ↑/↓ move, → opens or steps in, ← closes or
 * steps out, Home/End jump, Enter or Space opens and closes. Values are text, never markup.
 */
export function JsonTree({ value, label }: JsonTreeProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => initiallyOpen(value));
  const [activeId, setActiveId] = useState(rowId([]));
  const rows = useMemo(() => visibleRows(value, open), [value, open]);
  const treeRef = useRef<HTMLDivElement>(null);
  const active = rows.find((row) => row.id === activeId) ?? rows[0];

  const focusRow = (id: string) => {
    setActiveId(id);
    // The row exists once React has drawn it; find it by id on the next frame.
    requestAnimationFrame(() => {
      const target = [...(treeRef.current?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? [])].find(
        (element) => element.dataset.rowId === id,
      );
      target?.focus();
    });
  };
  const toggle = (id: string, to?: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (to ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!active) return;
    const index = rows.indexOf(active);
    const expandable = active.childCount !== null && active.childCount > 0;
    const isOpen = open.has(active.id);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusRow(rows[Math.min(rows.length - 1, index + 1)]?.id ?? active.id),
      ArrowUp: () => focusRow(rows[Math.max(0, index - 1)]?.id ?? active.id),
      Home: () => focusRow(rows[0]?.id ?? active.id),
      End: () => focusRow(rows[rows.length - 1]?.id ?? active.id),
      ArrowRight: () => {
        if (expandable && !isOpen) toggle(active.id, true);
        else if (expandable) focusRow(rows[index + 1]?.id ?? active.id);
      },
      ArrowLeft: () => {
        if (expandable && isOpen) toggle(active.id, false);
        else if (active.parentId !== null) focusRow(active.parentId);
      },
      Enter: () => expandable && toggle(active.id),
      ' ': () => expandable && toggle(active.id),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    }
  };

  return (
    <div
      ref={treeRef}
      role="tree"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="overflow-x-auto py-1 font-mono text-[11px] leading-5"
      data-testid="json-tree"
    >
      {rows.map((row) => {
        const container = row.childCount !== null;
        const expandable = container && (row.childCount ?? 0) > 0;
        const isOpen = open.has(row.id);
        const key = keyText(row);
        return (
          <div
            key={row.id}
            role="treeitem"
            data-row-id={row.id}
            aria-level={row.depth + 1}
            aria-setsize={row.siblings}
            aria-posinset={row.position}
            aria-expanded={expandable ? isOpen : undefined}
            aria-selected={row.id === active?.id}
            tabIndex={row.id === active?.id ? 0 : -1}
            onClick={() => {
              setActiveId(row.id);
              if (expandable) toggle(row.id);
            }}
            className="flex cursor-default items-start rounded-sm pr-2 outline-none hover:bg-hover/60 focus-visible:bg-hover focus-visible:outline-1 focus-visible:outline-accent/70"
            style={{ paddingLeft: `${row.depth * 14 + 4}px` }}
          >
            <span aria-hidden="true" className="w-3.5 shrink-0 text-faint">
              {expandable ? (isOpen ? '▾' : '▸') : ''}
            </span>
            {row.more !== undefined ? (
              <span className="text-faint italic">… {row.more} more (Copy the output to see them all)</span>
            ) : (
              <span className="min-w-0">
                {key !== null ? (
                  <span className="text-muted">{typeof row.label === 'number' ? key : `"${key}"`}: </span>
                ) : null}
                {container && isContainer(row.value) ? (
                  <span className="text-faint">
                    {isOpen && expandable
                      ? Array.isArray(row.value)
                        ? '['
                        : '{'
                      : containerSummary(row.value, row.childCount ?? 0)}
                  </span>
                ) : (
                  <JsonValueText value={row.value} />
                )}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
