// Which strings of a JSON output are media Loupe keeps, and how it knows. data: URLs of pictures, sounds and
// clips, and http(s) links whose sibling content_type (or path) says so, are kept by what they say; a link that
// says nothing (a signed `/_storage/<key>?ct=…&sig=…`) is kept by what the model says it makes (a `format: uri`
// under `images` in its output schema, `contentMediaType`, or its kind), skipped when the model makes only text or
// data, and otherwise left for the link itself to answer. Each once, in the output's order, at most
// MAX_MEDIA_PER_RUN, and each found again by its pointer.
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../store';
import type { OutputHints } from './linkVerdict';
import { findMediaLinks, MAX_MEDIA_PER_RUN, valueAt } from './mediaLinks';

const signed = (key: string): string =>
  `https://cdn.example/_storage/${key}?ct=image%2Fpng&exp=1700000000000&sig=abc`;

/** The simulator's signed-image schema: `images[].url` is a `format: uri`, and nothing names its type. */
const signedImages: JsonObject = {
  type: 'object',
  properties: {
    images: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          url: { type: 'string', format: 'uri' },
          width: { type: 'integer' },
        },
      },
    },
    preview: { allOf: [{ type: 'string' }, { format: 'uri', contentMediaType: 'image/webp' }] },
    report: { type: 'string', format: 'uri' },
    caption: { type: 'string' },
    extra: { type: 'object', additionalProperties: { type: 'string', format: 'uri' } },
  },
};

describe('findMediaLinks', () => {
  it('finds data: media and typed or named links in order, once each; a bare link is left to ask', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const output = {
      images: [
        { url: png, content_type: 'image/png' },
        { url: 'https://cdn.example/a', content_type: 'image/webp' },
      ],
      'a/b': { audio: 'https://cdn.example/take.WAV?sig=1' },
      again: png,
      page: 'https://cdn.example/index.html',
      script: 'data:text/html;base64,PHNjcmlwdD4=',
      json: { url: 'https://cdn.example/x', content_type: 'application/json' },
      local: 'file:///etc/passwd.png',
      text: 'a picture of a cat.png',
    };
    const links = findMediaLinks(output);
    expect(links).toEqual([
      { pointer: '/images/0/url', url: png, contentType: 'image/png', kind: 'image' },
      {
        pointer: '/images/1/url',
        url: 'https://cdn.example/a',
        contentType: 'image/webp',
        kind: 'image',
      },
      {
        pointer: '/a~1b/audio',
        url: 'https://cdn.example/take.WAV?sig=1',
        contentType: 'audio/wav',
        kind: 'audio',
      },
      // Nothing says what a page is: the link is asked (and, answering text/html, left out).
      { pointer: '/page', url: 'https://cdn.example/index.html', contentType: null, kind: null },
    ]);
    for (const link of links) expect(valueAt(output, link.pointer)).toBe(link.url);
    expect(valueAt(output, '/__proto__/x')).toBeNull();
  });

  it('keeps signed links by what the model’s output schema says is there', () => {
    const output = {
      images: [
        { url: signed('a'), width: 512 },
        { url: signed('b'), width: 256 },
      ],
      preview: signed('c'),
      report: signed('d'),
      caption: signed('e'),
      extra: { thumbnail_url: signed('f'), log: signed('g') },
      unknown: signed('h'),
    };
    const hints: OutputHints = { schema: signedImages, kind: 'data' };
    const byPointer = Object.fromEntries(
      findMediaLinks(output, hints).map((link) => [link.pointer, [link.kind, link.contentType]]),
    );
    expect(byPointer).toEqual({
      '/images/0/url': ['image', null],
      '/images/1/url': ['image', null],
      '/preview': ['image', 'image/webp'],
      '/extra/thumbnail_url': ['image', null],
    });
    // Without the model's word, every one of them would only be asked.
    expect(findMediaLinks(output).every((link) => link.kind === null)).toBe(true);
  });

  it('keeps them by the model’s kind when its schema does not say, and skips them for a text model', () => {
    const output = { result: { files: [signed('a')] }, note: signed('b') };
    expect(findMediaLinks(output, { schema: null, kind: 'image' }).map((link) => link.kind)).toEqual([
      'image',
      'image',
    ]);
    const videoSchema: JsonObject = {
      type: 'object',
      properties: { note: { type: 'string' }, result: { type: 'object' } },
    };
    // A described plain-text field is asked; a place the schema does not describe follows the kind.
    expect(
      findMediaLinks(output, { schema: videoSchema, kind: 'video' }).map((link) => [link.pointer, link.kind]),
    ).toEqual([
      ['/result/files/0', 'video'],
      ['/note', null],
    ]);
    expect(findMediaLinks(output, { schema: null, kind: 'text' })).toEqual([]);
    expect(findMediaLinks(output, { schema: null, kind: null }).map((link) => link.kind)).toEqual([
      null,
      null,
    ]);
  });

  it('keeps at most a gallery’s worth', () => {
    const many = Array.from({ length: 100 }, (_, i) => `https://cdn.example/${i}.png`);
    expect(findMediaLinks(many)).toHaveLength(MAX_MEDIA_PER_RUN);
  });
});
