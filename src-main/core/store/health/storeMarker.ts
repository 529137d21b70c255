// The marker beside loupe.db: proof that a store was made in this folder. Without it, a zero-length or
// missing loupe.db looks exactly like a first run, and Loupe would silently start over with nothing.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import type { StoreFiles } from './storeFiles';

const markerSchema = z.object({ format: z.literal(1), madeAt: z.string().max(64) });

export interface StoreMarker {
  /** When the store was first made, when the marker says (an unreadable marker still counts as a marker). */
  madeAt: string | null;
}

/** The marker when one is there; null when this folder never held a store (as far as Loupe can tell). */
export function readMarker(files: StoreFiles): StoreMarker | null {
  if (!existsSync(files.marker)) return null;
  try {
    const parsed = markerSchema.safeParse(JSON.parse(readFileSync(files.marker, 'utf8')));
    return { madeAt: parsed.success ? parsed.data.madeAt : null };
  } catch {
    // A damaged marker still says a store was here.
    return { madeAt: null };
  }
}

/** Writes the marker once (a temporary file renamed into place, so it is never half written). */
export function ensureMarker(files: StoreFiles, now: Date): void {
  if (existsSync(files.marker)) return;
  const temporary = `${files.marker}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ format: 1, madeAt: now.toISOString() })}\n`);
  renameSync(temporary, files.marker);
}
