// Whether one string of a paid JSON output is a medium Loupe must keep, decided by what the output and the model
// say, in this order:
//   1. a `data:` URL says its own type; anything but http(s) is not fetched;
//   2. the output says it: a sibling `content_type` (a non-media type there means "not a medium"), or the link's
//      path ends in a media extension;
//   3. the model's output schema says it: `contentMediaType`, or a link (`format: uri`) under a field named for
//      pictures, sounds or clips (`images[].url`, `audio_url` …);
//   4. the model's kind (the catalogue's, or its schema's) says it: a model that makes images, audio or video
//      keeps the links its schema places (or does not describe); one that makes text or data keeps none;
//   5. nothing says it: the link itself is asked (a HEAD, or a ranged GET) for its Content-Type.
// Signed links carry no extension and often no type beside them (`/_storage/<key>?ct=…&sig=…`): without 3–5 a
// picture the user paid for would be thrown away when its link expires.
import type { ModelOutputKind } from '../../../src-shared/contracts/models';
import type { JsonObject } from '../store';
import { isMediaType, mediaKindOf, typeFromPath } from './mediaTypes';
import { schemaSpot } from './outputSchemaSpot';

export type MediaKind = 'image' | 'audio' | 'video';

/** What the model says it makes: its output schema and its kind, each null when not known. */
export interface OutputHints {
  schema: JsonObject | null;
  kind: ModelOutputKind | null;
}

export type LinkVerdict =
  /** A medium of this type. */
  | { verdict: 'type'; contentType: string }
  /** A medium of this kind; the link's answer names the type. */
  | { verdict: 'kind'; kind: MediaKind }
  /** Nothing decides: ask the link. */
  | { verdict: 'ask' }
  | { verdict: 'skip' };

const dataUrl = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)(;[^,]*)?,/i;
const mediaType = /^[a-z0-9.+-]{1,100}\/[a-z0-9.+-]{1,100}(\s*;.{0,200})?$/i;
/** Words in a field's name that say what a link under it is (`image_url`, `thumbnails`, `audio`). */
const NAME_WORDS: Readonly<Record<string, MediaKind>> = {
  image: 'image',
  images: 'image',
  img: 'image',
  picture: 'image',
  pictures: 'image',
  photo: 'image',
  photos: 'image',
  thumbnail: 'image',
  thumbnails: 'image',
  audio: 'audio',
  audios: 'audio',
  speech: 'audio',
  sound: 'audio',
  music: 'audio',
  video: 'video',
  videos: 'video',
  clip: 'video',
  clips: 'video',
};

function kindNamed(tokens: readonly string[]): MediaKind | null {
  for (let i = tokens.length - 1; i >= 0; i--) {
    for (const word of (tokens[i] ?? '').toLowerCase().split(/[_\-. ]+/)) {
      const kind = NAME_WORDS[word];
      if (kind !== undefined) return kind;
    }
  }
  return null;
}

function asMediaKind(kind: ModelOutputKind | null): MediaKind | null {
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : null;
}

export function linkVerdict(
  url: string,
  sibling: unknown,
  tokens: readonly string[],
  hints: OutputHints | null,
): LinkVerdict {
  const data = dataUrl.exec(url.slice(0, 200));
  if (data !== null) {
    return data[1] !== undefined && isMediaType(data[1])
      ? { verdict: 'type', contentType: data[1].toLowerCase() }
      : { verdict: 'skip' };
  }
  const parsed = URL.parse(url);
  if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
    return { verdict: 'skip' };
  if (typeof sibling === 'string' && mediaType.test(sibling.trim())) {
    const stated = sibling.trim().slice(0, 200);
    return isMediaType(stated) ? { verdict: 'type', contentType: stated } : { verdict: 'skip' };
  }
  const byPath = typeFromPath(parsed.pathname);
  if (byPath !== null) return { verdict: 'type', contentType: byPath };
  const spot = hints?.schema == null ? null : schemaSpot(hints.schema, tokens);
  if (spot?.mediaType != null && isMediaType(spot.mediaType))
    return { verdict: 'type', contentType: spot.mediaType };
  const named = kindNamed(tokens);
  if (spot?.link === true && named !== null) return { verdict: 'kind', kind: named };
  const modelKind = hints?.kind ?? null;
  const made = asMediaKind(modelKind);
  if (made !== null) {
    // Where the schema calls it a link, or does not say, the model's kind decides; a plain text field is asked.
    return spot === null || !spot.described || spot.link
      ? { verdict: 'kind', kind: made }
      : { verdict: 'ask' };
  }
  if (modelKind === 'text' || modelKind === 'data') return { verdict: 'skip' };
  return { verdict: 'ask' };
}

/** The kind a decided type is (data: URLs and stated types are always media here). */
export function kindOfType(contentType: string): MediaKind | null {
  const kind = mediaKindOf(contentType);
  return kind === 'file' ? null : kind;
}
