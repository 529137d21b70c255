// The media a run's JSON output links to (images, sounds, clips), found so they can be kept: every string the
// output, the model's schema or its kind says is one (linkVerdict.ts), plus every http(s) link nothing decides,
// which the saver asks for its Content-Type. Each is named by a JSON Pointer into the output, so it can be found
// again without a copy of the link.
import type { JsonValue } from './boundedJson';
import { kindOfType, linkVerdict, type MediaKind, type OutputHints } from './linkVerdict';

export interface MediaLink {
  pointer: string;
  url: string;
  /** The content type the output, the link or the schema states; null when only the link's answer can say. */
  contentType: string | null;
  /** What the link is, when anything says; null: the link must be asked. */
  kind: MediaKind | null;
}

/** More than this in one output is not a gallery; the rest stay links in the output. */
export const MAX_MEDIA_PER_RUN = 32;
const MAX_NODES = 200_000;
/** Longer strings are not links Loupe follows. */
const MAX_LINK_CHARS = 16 * 1024;

function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointerTokens(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function linkAt(value: string, pointer: string, sibling: JsonValue | undefined, hints: OutputHints | null) {
  if (!value.startsWith('data:') && (value.length > MAX_LINK_CHARS || !/^https?:\/\//i.test(value)))
    return null;
  const verdict = linkVerdict(value, sibling, pointerTokens(pointer), hints);
  switch (verdict.verdict) {
    case 'type':
      return { pointer, url: value, contentType: verdict.contentType, kind: kindOfType(verdict.contentType) };
    case 'kind':
      return { pointer, url: value, contentType: null, kind: verdict.kind };
    case 'ask':
      return { pointer, url: value, contentType: null, kind: null };
    case 'skip':
      return null;
  }
}

/** The output's media links, in its own order, each once; `hints` is what the model says it makes (or null). */
export function findMediaLinks(output: JsonValue, hints: OutputHints | null = null): MediaLink[] {
  const found: MediaLink[] = [];
  const seen = new Set<string>();
  const stack: { value: JsonValue; pointer: string; sibling: JsonValue | undefined }[] = [
    { value: output, pointer: '', sibling: undefined },
  ];
  for (let nodes = 0; stack.length > 0 && nodes < MAX_NODES && found.length < MAX_MEDIA_PER_RUN; nodes++) {
    const { value, pointer, sibling } = stack.pop() ?? { value: null, pointer: '', sibling: undefined };
    if (typeof value === 'string') {
      const link = seen.has(value) ? null : linkAt(value, pointer, sibling, hints);
      if (link !== null) {
        seen.add(value);
        found.push(link);
      }
    } else if (Array.isArray(value)) {
      // Pushed in reverse so the output's own order is the gallery's order.
      for (let i = value.length - 1; i >= 0; i--) {
        stack.push({ value: value[i] ?? null, pointer: `${pointer}/${i}`, sibling: undefined });
      }
    } else if (typeof value === 'object' && value !== null) {
      const contentType = value['content_type'] ?? value['contentType'] ?? value['mime_type'];
      for (const [key, child] of Object.entries(value).reverse()) {
        stack.push({ value: child, pointer: `${pointer}/${escapeToken(key)}`, sibling: contentType });
      }
    }
  }
  return found;
}

/** The string at a pointer this module produced, or null. */
export function valueAt(output: JsonValue, pointer: string): string | null {
  let current: JsonValue | undefined = output;
  for (const token of pointerTokens(pointer)) {
    if (Array.isArray(current)) current = /^\d+$/.test(token) ? current[Number(token)] : undefined;
    else if (typeof current === 'object' && current !== null && Object.hasOwn(current, token))
      current = current[token];
    else return null;
  }
  return typeof current === 'string' ? current : null;
}
