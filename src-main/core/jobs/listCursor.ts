// The job list's own opaque cursor. A merged page comes from two streams, so the cursor carries both
// positions: the service's (its own opaque cursor, or a v1 offset) and the local store's (a keyset of the
// last local row emitted, so rows recorded meanwhile never shift it). It names its profile and source, so a
// cursor from another profile or from before the surface changed is refused rather than misread.
import { z } from 'zod';
import { DomainError } from '../errors';

export type ListSource = 'service' | 'v1' | 'local';

export interface ListCursor {
  profileId: string;
  source: ListSource;
  /** v2: the service cursor of the next page (null: first page). */
  serviceCursor: string | null;
  /** v1: the offset of the next page. */
  v1Offset: number;
  /** The service has no more rows. */
  serviceDone: boolean;
  /** The last local row emitted, as [createdMs, id]; null before any. */
  localAfter: [number, string] | null;
  /**
   * The last service row passed, as [createdMs, id]. A job remembered since the previous page (the list
   * itself starts tracking the jobs it shows) that sorts before it was shown there already, as a service row.
   */
  serviceAfter: [number, string] | null;
}

const cursorSchema = z.strictObject({
  v: z.literal(1),
  p: z.string().min(1),
  src: z.enum(['service', 'v1', 'local']),
  s: z.string().max(2048).nullable(),
  o: z.number().int().nonnegative(),
  d: z.boolean(),
  l: z.tuple([z.number(), z.string()]).nullable(),
  a: z.tuple([z.number(), z.string()]).nullable().optional(),
});

export function firstCursor(profileId: string, source: ListSource): ListCursor {
  return {
    profileId,
    source,
    serviceCursor: null,
    v1Offset: 0,
    serviceDone: false,
    localAfter: null,
    serviceAfter: null,
  };
}

export function encodeCursor(cursor: ListCursor): string {
  const wire: z.infer<typeof cursorSchema> = {
    v: 1,
    p: cursor.profileId,
    src: cursor.source,
    s: cursor.serviceCursor,
    o: cursor.v1Offset,
    d: cursor.serviceDone,
    l: cursor.localAfter,
    a: cursor.serviceAfter,
  };
  return Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
}

function invalid(): DomainError {
  return new DomainError(
    'invalid_cursor',
    'This list position is no longer valid (the profile or the service changed). Start from the top.',
  );
}

export function decodeCursor(text: string, profileId: string): ListCursor {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) throw invalid();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
  } catch {
    throw invalid();
  }
  const parsed = cursorSchema.safeParse(json);
  if (!parsed.success || parsed.data.p !== profileId) throw invalid();
  const wire = parsed.data;
  return {
    profileId: wire.p,
    source: wire.src,
    serviceCursor: wire.s,
    v1Offset: wire.o,
    serviceDone: wire.d,
    localAfter: wire.l,
    serviceAfter: wire.a ?? null,
  };
}
