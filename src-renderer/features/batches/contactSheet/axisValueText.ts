// An axis value as a header shows it: short enough for a column a thumbnail wide, the whole of it on hover.
// Values are untrusted (a prompt from a CSV file), so they go through visibleText like any service text.
import { visibleText } from '../../../lib/visibleText';
import { clipText, SUMMARY_CHARS } from '../../jobs/clipText';
import type { AxisJson } from './sheetAxes';

/** About what a 144px column header shows; the cut is only to keep layout cheap, CSS truncates the rest. */
const SHORT_CHARS = 28;
const ASSET_ID_CHARS = 8;

export interface ValueText {
  /** What the header shows. */
  text: string;
  /** The tooltip: the whole value (bounded). */
  title: string;
}

function isObject(value: AxisJson | undefined): value is { [key: string]: AxisJson } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The asset id of a `core/ASSET` reference (an uploaded input bound to the axis), else null. */
function assetIdOf(value: AxisJson | undefined): string | null {
  if (!isObject(value) || value.__type !== 'core/ASSET') return null;
  const info = value.info;
  return isObject(info) && typeof info.id === 'string' ? info.id : null;
}

/** Numbers as they are, strings cut short, asset references as "asset 0f3c9a1e", anything else as JSON. */
export function axisValueText(value: AxisJson | undefined): ValueText {
  if (value === undefined) return { text: '—', title: 'not set on this item' };
  const assetId = assetIdOf(value);
  if (assetId !== null) {
    const id = visibleText(clipText(assetId, SUMMARY_CHARS));
    return { text: `asset ${visibleText(assetId.slice(0, ASSET_ID_CHARS))}`, title: `asset ${id}` };
  }
  const whole = typeof value === 'string' ? value : JSON.stringify(value);
  return {
    text: visibleText(clipText(whole, SHORT_CHARS)),
    title: visibleText(clipText(whole, SUMMARY_CHARS)),
  };
}
