// A short name for an item's files (`seed-3_cfg-7`): its input names and values, reduced to characters every
// file system takes, [A-Za-z0-9._-]. Values can be whole prompts, so each is cut short; a cut value keeps a
// short hash of the whole, so two long prompts that differ only at the end still get different names.
// A slug is not unique on its own (two nodes' `seed` inputs read the same): a caller that needs unique names
// adds the item index.
import { isJsonObject, type JsonValue } from './workflowShape';

const MAX_VALUE_LENGTH = 24;
const MAX_SLUG_LENGTH = 100;
const ASSET_ID_LENGTH = 8;

function safe(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-');
}

/** FNV-1a, 32 bits, in base 36: enough to tell two cut values apart, not a security measure. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(7, '0');
}

function assetId(value: JsonValue): string | null {
  if (!isJsonObject(value) || value.__type !== 'core/ASSET' || !isJsonObject(value.info)) return null;
  return typeof value.info.id === 'string' ? value.info.id : null;
}

function valueWord(value: JsonValue): string {
  const id = assetId(value);
  if (id !== null) return safe(id.slice(0, ASSET_ID_LENGTH)) || 'asset';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const cleaned = safe(text);
  if (cleaned.length <= MAX_VALUE_LENGTH) return cleaned;
  const kept = cleaned.slice(0, MAX_VALUE_LENGTH - 8).replace(/[-.]+$/, '');
  return `${kept}-${shortHash(text)}`;
}

export interface SlugPart {
  /** The input's name (`seed` of `3.seed`). */
  input: string;
  value: JsonValue;
}

/** `seed-3_cfg-7`; `copy` (counted from 1) is added as `r2` when the item is one of several copies. */
export function itemSlug(parts: readonly SlugPart[], copy: number | null, index: number): string {
  const words = parts.map(({ input, value }) => `${safe(input) || 'input'}-${valueWord(value)}`);
  if (copy !== null) words.push(`r${copy}`);
  // No leading dot (a hidden file) or dash (read as an option by a shell tool), no trailing dot (Windows).
  const slug = words
    .join('_')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^[-._]+|[-._]+$/g, '');
  return slug === '' ? `item-${index + 1}` : slug;
}
