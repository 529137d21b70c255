// Validation of the request fields the asset endpoints share (spec: POST /assets, POST /assets/from-hash).
// Each check returns a value or a message; the routes turn messages into 422 invalid_request envelopes.

export const MIN_EXPIRES_IN = 60;
export const MAX_EXPIRES_IN = 604_800;
const MAX_FILE_PATH = 1024;
const MAX_TAGS = 32;
const MAX_TAG_LENGTH = 128;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const BLAKE3_HASH = /^blake3:([0-9a-fA-F]{64})$/;
const MEDIA_TYPE = /^[A-Za-z0-9][\w!#$&^.+-]*\/[A-Za-z0-9][\w!#$&^.+-]*(\s*;.*)?$/;

/** `blake3:<hex>` → the lower-case hex digest, or null when malformed. */
export function parseBlake3(text: string): string | null {
  const match = BLAKE3_HASH.exec(text);
  return match?.[1] ? match[1].toLowerCase() : null;
}

export function formatBlake3(hex: string): string {
  return `blake3:${hex}`;
}

export function checkExpiresIn(value: unknown): Checked<number> {
  // A form field arrives as text; a JSON body must carry a real integer.
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number)) {
    return { ok: false, message: 'expires_in must be an integer number of seconds' };
  }
  if (number < MIN_EXPIRES_IN || number > MAX_EXPIRES_IN) {
    return {
      ok: false,
      message: `expires_in must be between ${MIN_EXPIRES_IN} and ${MAX_EXPIRES_IN} seconds`,
    };
  }
  return { ok: true, value: number };
}

export function checkFilePath(value: string): Checked<string> {
  if (value.length === 0) return { ok: false, message: 'file_path must not be empty' };
  if (value.length > MAX_FILE_PATH)
    return { ok: false, message: `file_path is over ${MAX_FILE_PATH} characters` };
  if (value.includes('\0')) return { ok: false, message: 'file_path must not contain NUL' };
  return { ok: true, value };
}

export function checkContentType(value: string): Checked<string> {
  const trimmed = value.trim();
  return MEDIA_TYPE.test(trimmed)
    ? { ok: true, value: trimmed }
    : { ok: false, message: 'content_type must be a media type such as image/png' };
}

export function checkTags(tags: readonly string[]): Checked<string[]> {
  if (tags.length > MAX_TAGS) return { ok: false, message: `at most ${MAX_TAGS} tags` };
  for (const tag of tags) {
    if (tag.length === 0 || tag.length > MAX_TAG_LENGTH) {
      return { ok: false, message: `each tag must be 1 to ${MAX_TAG_LENGTH} characters` };
    }
  }
  return { ok: true, value: [...tags] };
}

/**
 * Multipart `tags` values: one form part is one tag. The spec does not define an encoding, so the
 * simulator takes the plainest reading and never reinterprets a tag's text (a tag may well start with '[').
 */
export function tagsFromFormValues(values: readonly string[]): string[] {
  return [...values];
}
