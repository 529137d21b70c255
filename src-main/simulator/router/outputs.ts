// What a simulated partner model answers: its native output for a (validated or strict-mode) body.
// Fields are read defensively because strict-mode bodies reach here without native validation.
import { createHash, randomUUID } from 'node:crypto';
import type { ModelEntry } from './catalog';
import { gradientPng, pngDataUrl, sineWav } from './media';
import type { PendingMedium } from './signedMedia';

/** A JSON output may link media by signed URLs, written into `value` at each medium's path when it is answered. */
export type NativeOutput =
  | { kind: 'json'; value: unknown; media?: readonly PendingMedium[] }
  | { kind: 'bytes'; contentType: string; bytes: Buffer };

function numberField(body: Record<string, unknown>, name: string, fallback: number): number {
  const value = body[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function stringField(body: Record<string, unknown>, name: string, fallback: string): string {
  const value = body[name];
  return typeof value === 'string' ? value : fallback;
}

/** The body's own seed, or one derived from the body so the same input gives the same output. */
function seedOf(body: Record<string, unknown>): number {
  const given = body.seed;
  if (typeof given === 'number' && Number.isInteger(given) && given >= 0) return given;
  return createHash('sha256').update(JSON.stringify(body)).digest().readUInt32BE(0);
}

function image(seed: number, width: number, height: number): Record<string, unknown> {
  // The pixels are a small preview-sized stand-in; the reported size is the one the caller asked for.
  return { url: pngDataUrl(seed), content_type: 'image/png', width, height };
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

function chatOutput(body: Record<string, unknown>): Record<string, unknown> {
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  const contents = messages.map((message) =>
    typeof message === 'object' &&
    message !== null &&
    'content' in message &&
    typeof message.content === 'string'
      ? message.content
      : '',
  );
  const last = contents[contents.length - 1] ?? '';
  const reply = `Simulated reply to: ${last.slice(0, 200)}`;
  const maxTokens = numberField(body, 'max_tokens', 512);
  const replyWords = reply.split(' ');
  const truncated = replyWords.length > maxTokens;
  return {
    id: `msg_${randomUUID()}`,
    output_text: truncated ? replyWords.slice(0, maxTokens).join(' ') : reply,
    finish_reason: truncated ? 'length' : 'stop',
    usage: {
      input_tokens: contents.reduce((sum, text) => sum + wordCount(text), 0),
      output_tokens: Math.min(replyWords.length, maxTokens),
    },
  };
}

function embeddingOutput(body: Record<string, unknown>): Record<string, unknown> {
  const texts = Array.isArray(body.texts) ? (body.texts as unknown[]) : [];
  const dimensions = numberField(body, 'dimensions', 16);
  const embeddings = texts.map((text) => {
    const digest = createHash('sha256').update(String(text)).digest();
    return Array.from({ length: dimensions }, (_, i) =>
      Number(((digest[i % digest.length] ?? 0) / 255 - 0.5).toFixed(4)),
    );
  });
  return { embeddings, dimensions };
}

export function produceOutput(
  model: ModelEntry,
  body: Record<string, unknown>,
  operation: string,
): NativeOutput {
  const seed = seedOf(body);
  switch (model.family.kind) {
    case 'text-to-image':
    case 'image-edit': {
      const count = Math.min(4, Math.max(1, numberField(body, 'num_images', 1)));
      const width = numberField(body, 'width', 1024);
      const height = numberField(body, 'height', 1024);
      const images = Array.from({ length: count }, (_, i) => image(seed + i * 37, width, height));
      return { kind: 'json', value: { images, seed } };
    }
    case 'signed-image': {
      const count = Math.min(4, Math.max(1, numberField(body, 'num_images', 1)));
      const width = numberField(body, 'width', 1024);
      const height = numberField(body, 'height', 1024);
      // The url is filled with a fresh signed link each time the output is answered (signedMedia.ts).
      const images = Array.from({ length: count }, () => ({ url: '', width, height }));
      const media = images.map((_, i) => ({
        path: ['images', i, 'url'],
        bytes: gradientPng(seed + i * 37),
        contentType: 'image/png',
      }));
      return { kind: 'json', value: { images, seed }, media };
    }
    case 'upscale': {
      const scale = numberField(body, 'scale', 2);
      return { kind: 'json', value: { image: image(seed, 512 * scale, 512 * scale) } };
    }
    case 'text-to-speech': {
      const text = stringField(body, 'text', '');
      const seconds = Math.min(3, Math.max(0.25, (text.length * 0.04) / numberField(body, 'speed', 1)));
      return {
        kind: 'bytes',
        contentType: 'audio/wav',
        bytes: sineWav(seconds, 440, numberField(body, 'sample_rate', 24000)),
      };
    }
    case 'music':
      return {
        kind: 'bytes',
        contentType: 'audio/wav',
        bytes: sineWav(Math.min(3, numberField(body, 'duration_seconds', 2)), 220 + (seed % 440), 16000),
      };
    case 'speech-to-text': {
      const language = stringField(body, 'language', 'en');
      const text = 'This is a simulated transcription.';
      return { kind: 'json', value: { text, language, segments: [{ start: 0, end: 2.5, text }] } };
    }
    case 'chat':
      return { kind: 'json', value: chatOutput(body) };
    case 'embedding':
      return { kind: 'json', value: embeddingOutput(body) };
    case 'video': {
      const duration = numberField(body, 'duration_seconds', 5);
      // No real video is rendered; `.invalid` is reserved, so nobody mistakes this link for a fetchable one.
      const url = `https://media.router.sim.invalid/${model.id}/${operation}/${seed}.mp4`;
      return {
        kind: 'json',
        value: { video: { url, content_type: 'video/mp4', duration_seconds: duration }, seed },
      };
    }
  }
}

/**
 * An alternate provider's own answer shape, returned unchanged in strict mode or when translating it back to
 * the native output fails. Audio stays bytes: the partner's bytes are passed through as they are.
 */
export function rawProviderOutput(slug: string, native: NativeOutput): NativeOutput {
  if (native.kind === 'bytes') return native;
  return {
    kind: 'json',
    value: { provider: slug, id: randomUUID(), status: 'succeeded', output: native.value },
    media: (native.media ?? []).map((medium) => ({ ...medium, path: ['output', ...medium.path] })),
  };
}
