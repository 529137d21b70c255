// Job labels (`metadata`): the key rule and limits reported in NOTES.md (1–40 characters from
// A-Z a-z 0-9 _ - ., at most 16 pairs, string values), checked on submit.
import { isPlainObject } from '../http';

export const maxLabelPairs = 16;
const labelKeyPattern = /^[A-Za-z0-9_.-]{1,40}$/;

export function isLabelKey(key: string): boolean {
  return labelKeyPattern.test(key);
}

export type LabelParse =
  | { ok: true; labels: Record<string, string> }
  | { ok: false; message: string; details: Record<string, unknown> };

export function parseLabels(value: unknown): LabelParse {
  if (!isPlainObject(value)) {
    return {
      ok: false,
      message: 'metadata must be an object of string labels.',
      details: { field: 'metadata' },
    };
  }
  const entries = Object.entries(value);
  if (entries.length > maxLabelPairs) {
    return {
      ok: false,
      message: `metadata carries ${entries.length} labels; at most ${maxLabelPairs} are allowed.`,
      details: { field: 'metadata', max_pairs: maxLabelPairs },
    };
  }
  const labels: Record<string, string> = {};
  for (const [key, label] of entries) {
    if (!isLabelKey(key)) {
      return {
        ok: false,
        message: 'A metadata key must be 1–40 characters from A-Z a-z 0-9 _ - .',
        details: { field: 'metadata', key },
      };
    }
    if (typeof label !== 'string') {
      return {
        ok: false,
        message: `metadata["${key}"] must be a string.`,
        details: { field: 'metadata', key },
      };
    }
    labels[key] = label;
  }
  return { ok: true, labels };
}
