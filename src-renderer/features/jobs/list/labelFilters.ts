// Label filters (`key=value`, up to three), checked before anything is sent with the rules the contract's
// labelFiltersSchema and the service apply, so the user learns what is wrong while typing, not from a 422.
import { labelFiltersSchema } from '../../../../src-shared/contract';
import { visibleText } from '../../../lib/visibleText';
import type { LabelFilter } from '../jobsUiStore';

export const MAX_LABEL_FILTERS = 3;
const KEY = /^[A-Za-z0-9_.-]{1,40}$/;
const MAX_VALUE = 1024;
// Controls, bidi embeddings/overrides/isolates and marks, zero-width characters and the BOM.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

export type LabelParse = { ok: true; filter: LabelFilter } | { ok: false; message: string };

/** One `key=value` as typed, against the filters already chosen. */
export function parseLabelFilter(text: string, current: readonly LabelFilter[]): LabelParse {
  const equals = text.indexOf('=');
  if (equals < 0)
    return { ok: false, message: 'Write a label filter as key=value, e.g. project=lighthouse.' };
  const key = text.slice(0, equals).trim();
  const value = text.slice(equals + 1);
  if (key.length === 0) return { ok: false, message: 'The label key is empty: write key=value.' };
  if (key.length > 40) return { ok: false, message: 'A label key has at most 40 characters.' };
  if (!KEY.test(key)) {
    return {
      ok: false,
      message: `“${visibleText(key)}” is not a label key: use only letters, digits, _ - and . (1–40 characters).`,
    };
  }
  if (value.length > MAX_VALUE) return { ok: false, message: 'A label value has at most 1024 characters.' };
  if (HIDDEN.test(value)) {
    return {
      ok: false,
      message: `The value has control or direction characters: ${visibleText(value).slice(0, 80)}`,
    };
  }
  if (current.some((filter) => filter.key === key)) {
    return { ok: false, message: `There is already a filter on ${key}; remove it first.` };
  }
  if (current.length >= MAX_LABEL_FILTERS) {
    return { ok: false, message: 'At most three label filters: remove one to add another.' };
  }
  const checked = labelFiltersSchema.safeParse(labelRecord([...current, { key, value }]));
  if (!checked.success)
    return { ok: false, message: checked.error.issues[0]?.message ?? 'Not a label filter.' };
  return { ok: true, filter: { key, value } };
}

export function labelRecord(filters: readonly LabelFilter[]): Record<string, string> {
  return Object.fromEntries(filters.map((filter) => [filter.key, filter.value]));
}
