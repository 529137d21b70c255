import { formatBytes } from '../../../../../src-shared/format';
import { VisibleMarks } from '../../../../components/jobs/VisibleMarks';
import { visibleText } from '../../../../lib/visibleText';
import type { JsonValue } from '../../form/inputDraft';
import { codePointLength } from '../../form/schemaCheck';

/** Strings past this are cut on screen; the whole output is one Copy away. */
const MAX_SHOWN = 240;

function dataUrlWords(text: string): string | null {
  const match = /^data:([^;,]*)(;base64)?,/.exec(text);
  if (!match) return null;
  const payload = text.length - match[0].length;
  const bytes = match[2] ? Math.floor((payload * 3) / 4) : payload;
  return `${match[1] || 'data'}, ${formatBytes(bytes)} inline`;
}

/** The first `count` characters, never cutting one in half. */
function firstCodePoints(text: string, count: number): string {
  let taken = '';
  let seen = 0;
  for (const char of text) {
    if (seen === count) break;
    taken += char;
    seen += 1;
  }
  return taken;
}

/** One leaf as JSON reads it: strings quoted and made visible (controls, bidi), long ones cut. */
export function JsonValueText({ value }: { value: JsonValue }) {
  if (value === null) return <span className="text-faint italic">null</span>;
  if (typeof value === 'boolean') return <span className="text-state-unknown">{String(value)}</span>;
  if (typeof value === 'number') return <span className="text-accent tabular-nums">{String(value)}</span>;
  if (typeof value !== 'string') return null;
  const inline = dataUrlWords(value);
  if (inline !== null) return <span className="text-muted italic">({visibleText(inline)})</span>;
  const length = codePointLength(value);
  const cut = length > MAX_SHOWN;
  const shown = cut ? firstCodePoints(value, MAX_SHOWN) : value;
  return (
    <span className="break-all text-fg">
      "<VisibleMarks text={visibleText(shown)} />
      {cut ? <span className="text-faint">… (+{length - MAX_SHOWN} characters)</span> : null}"
    </span>
  );
}

/** What a closed container holds, in a few words: `{3 fields}`, `[12 items]`. */
export function containerSummary(value: JsonValue, count: number): string {
  if (Array.isArray(value)) return `[${count} ${count === 1 ? 'item' : 'items'}]`;
  return `{${count} ${count === 1 ? 'field' : 'fields'}}`;
}
