import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { VisibleMarks } from '../../../../components/jobs/VisibleMarks';
import { buildLogRows, countLines, displayLogText } from './logRows';
import { useCharsPerRow } from './useCharsPerRow';

export const LOG_ROW_HEIGHT = 18;
const GUTTER_CHAR_PX = 8;

/**
 * The log as plain text, virtualized: only the rows on screen exist in the DOM, whatever the log's size. Long
 * lines wrap into rows cut at the pane's width; continuation rows carry ↪ in the gutter instead of a number.
 */
export function VirtualLog({ raw }: { raw: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const probe = useRef<HTMLSpanElement>(null);
  const text = useMemo(() => displayLogText(raw), [raw]);
  const lineCount = useMemo(() => countLines(text), [text]);
  const gutterChars = String(lineCount).length + 1;
  const gutterPx = gutterChars * GUTTER_CHAR_PX + 24;
  const charsPerRow = useCharsPerRow(scroller, probe, gutterPx);
  const rows = useMemo(() => buildLogRows(text, charsPerRow), [text, charsPerRow]);
  const virtualizer = useVirtualizer({
    count: rows.starts.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => LOG_ROW_HEIGHT,
    overscan: 20,
  });
  return (
    <div
      ref={scroller}
      data-testid="job-log"
      role="log"
      aria-label="Job log"
      tabIndex={0}
      className="relative min-h-0 flex-1 overflow-auto bg-canvas font-mono text-[12px] text-fg"
    >
      <span ref={probe} aria-hidden="true" className="invisible absolute whitespace-pre">
        0000000000
      </span>
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = rows.lineNumbers[item.index] ?? 0;
          return (
            <div
              key={item.key}
              data-log-row={item.index}
              className="absolute inset-x-0 top-0 flex whitespace-pre"
              style={{
                height: LOG_ROW_HEIGHT,
                lineHeight: `${LOG_ROW_HEIGHT}px`,
                transform: `translateY(${item.start}px)`,
              }}
            >
              <span
                aria-hidden="true"
                className="shrink-0 pr-3 pl-2 text-right text-faint tabular-nums select-none"
                style={{ width: gutterChars * GUTTER_CHAR_PX + 16 }}
              >
                {line === 0 ? '↪' : line}
              </span>
              <span className="min-w-0">
                <VisibleMarks text={rows.text.slice(rows.starts[item.index], rows.ends[item.index])} />
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
