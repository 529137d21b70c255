// What a drop onto a media field becomes: a dropped file is read into a `data:` URL (the form of a file a
// model can take inline), a dragged link is used as it is. Nothing here is sent anywhere; the schema check
// says when a data URL is longer than the field allows.
import type { MediaKind } from '../uiSchemaFor';

export type DropOutcome = { ok: true; value: string; name: string | null } | { ok: false; reason: string };

/** Whether a file's type fits the field: an image field takes images, a media field anything playable. */
export function fitsKind(contentType: string, kind: MediaKind): boolean {
  const major = contentType.split('/')[0] ?? '';
  if (kind === 'media') return ['image', 'audio', 'video'].includes(major);
  return major === kind;
}

/** Files past this are refused before reading: a data URL of them would only be refused by the service. */
export const MAX_INLINE_BYTES = 8 * 1024 * 1024;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

function firstLink(data: DataTransfer): string | null {
  const listed = data.getData('text/uri-list');
  const text = listed !== '' ? listed : data.getData('text/plain');
  const line = text
    .split(/\r?\n/)
    .map((entry) => entry.trim())
    .find((entry) => entry !== '' && !entry.startsWith('#'));
  return line !== undefined && /^(https?|data):/i.test(line) ? line : null;
}

export async function readDrop(data: DataTransfer, kind: MediaKind): Promise<DropOutcome> {
  const file = data.files[0];
  if (file) {
    if (file.type !== '' && !fitsKind(file.type, kind)) {
      return {
        ok: false,
        reason: `${file.name} is ${file.type}; this field takes ${kind === 'media' ? 'a picture, sound or clip' : `a file of type ${kind}`}.`,
      };
    }
    if (file.size > MAX_INLINE_BYTES) {
      return {
        ok: false,
        reason: `${file.name} is too large to send inline; upload it in Assets and choose it from there.`,
      };
    }
    try {
      return { ok: true, value: await readAsDataUrl(file), name: file.name };
    } catch {
      return { ok: false, reason: `Loupe could not read ${file.name}.` };
    }
  }
  const link = firstLink(data);
  return link === null
    ? { ok: false, reason: 'Drop a file or a link to one.' }
    : { ok: true, value: link, name: null };
}
