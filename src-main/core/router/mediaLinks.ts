// The media a run's JSON output links to (images, sounds, clips), found so they can be kept: a `data:` URL of a
// media type, or an http(s) URL whose sibling `content_type` names a media type or whose path ends in a media
// extension. Each is named by a JSON Pointer into the output, so it can be found again without a copy of the link.
import type { JsonValue } from './boundedJson';
import { isMediaType, typeFromPath } from './mediaTypes';

export interface MediaLink {
  pointer: string;
  url: string;
  /** The content type the output states or the link implies. */
  contentType: string;
}

/** More than this in one output is not a gallery; the rest stay links in the output. */
export const MAX_MEDIA_PER_RUN = 32;
const MAX_NODES = 200_000;
const dataUrl = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)(;[^,]*)?,/i;

function escapeToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function linkType(url: string, sibling: JsonValue | undefined): string | null {
  const data = dataUrl.exec(url.slice(0, 200));
  if (data !== null) return data[1] !== undefined && isMediaType(data[1]) ? data[1].toLowerCase() : null;
  const parsed = URL.parse(url);
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return null;
  if (typeof sibling === 'string' && isMediaType(sibling)) return sibling.slice(0, 200);
  return typeFromPath(parsed.pathname);
}

export function findMediaLinks(output: JsonValue): MediaLink[] {
  const found: MediaLink[] = [];
  const seen = new Set<string>();
  const stack: { value: JsonValue; pointer: string; sibling: JsonValue | undefined }[] = [
    { value: output, pointer: '', sibling: undefined },
  ];
  for (let nodes = 0; stack.length > 0 && nodes < MAX_NODES && found.length < MAX_MEDIA_PER_RUN; nodes++) {
    const { value, pointer, sibling } = stack.pop() ?? { value: null, pointer: '', sibling: undefined };
    if (typeof value === 'string') {
      const contentType = linkType(value, sibling);
      if (contentType !== null && !seen.has(value)) {
        seen.add(value);
        found.push({ pointer, url: value, contentType });
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
  for (const raw of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) current = /^\d+$/.test(token) ? current[Number(token)] : undefined;
    else if (typeof current === 'object' && current !== null && Object.hasOwn(current, token))
      current = current[token];
    else return null;
  }
  return typeof current === 'string' ? current : null;
}
