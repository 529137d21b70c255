// Binary frames of the v1 WebSocket (NOTES "v1 WebSocket messages"): a 4-byte big-endian event type,
// then a type-specific payload. Every length is checked against the buffer, so a short or hostile
// frame reads as 'unknown_binary' instead of throwing.
import { z } from 'zod';
import { orNull } from './schemas/tolerant';

export type ImageFormat = 'jpeg' | 'png' | 'unknown';

const PreviewMetaSchema = z.looseObject({
  node_id: orNull(z.string()).catch(null),
  display_node_id: orNull(z.string()).catch(null),
  real_node_id: orNull(z.string()).catch(null),
  prompt_id: orNull(z.string()).catch(null),
  parent_node_id: orNull(z.string()).catch(null),
});
export type PreviewMeta = z.output<typeof PreviewMetaSchema>;

export type V1BinaryMessage =
  | { type: 'preview_image'; format: ImageFormat; image: Uint8Array; meta: PreviewMeta | null }
  | { type: 'text'; nodeId: string; text: string }
  | { type: 'unknown_binary'; eventType: number | null; payload: Uint8Array };

const previewImage = 1;
const text = 3;
const previewWithMetadata = 4;
const maxMetadataBytes = 64 * 1024;

export function parseV1BinaryFrame(frame: Uint8Array): V1BinaryMessage {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const unknown: V1BinaryMessage = { type: 'unknown_binary', eventType: null, payload: frame };
  if (frame.byteLength < 4) return unknown;
  const eventType = view.getUint32(0);
  const fallback: V1BinaryMessage = { type: 'unknown_binary', eventType, payload: frame.subarray(4) };
  if (eventType === previewImage) {
    if (frame.byteLength < 8) return fallback;
    const declared = view.getUint32(4);
    const image = frame.subarray(8);
    const format: ImageFormat = declared === 1 ? 'jpeg' : declared === 2 ? 'png' : sniffImage(image);
    return { type: 'preview_image', format, image, meta: null };
  }
  if (eventType === text) {
    if (frame.byteLength < 8) return fallback;
    const idLength = view.getUint32(4);
    if (8 + idLength > frame.byteLength) return fallback;
    const decoder = new TextDecoder();
    return {
      type: 'text',
      nodeId: decoder.decode(frame.subarray(8, 8 + idLength)),
      text: decoder.decode(frame.subarray(8 + idLength)),
    };
  }
  if (eventType === previewWithMetadata) {
    if (frame.byteLength < 8) return fallback;
    const metaLength = view.getUint32(4);
    if (metaLength > maxMetadataBytes || 8 + metaLength > frame.byteLength) return fallback;
    const image = frame.subarray(8 + metaLength);
    return {
      type: 'preview_image',
      format: sniffImage(image),
      image,
      meta: readMeta(frame.subarray(8, 8 + metaLength)),
    };
  }
  return fallback;
}

function readMeta(bytes: Uint8Array): PreviewMeta | null {
  try {
    const parsed = PreviewMetaSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function sniffImage(bytes: Uint8Array): ImageFormat {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  return 'unknown';
}
