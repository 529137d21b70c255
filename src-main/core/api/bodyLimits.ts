// How much of each kind of answer Loupe reads into memory (ARCHITECTURE rule 13: every body from a server has
// a size limit by kind, enforced while streaming). A service's answer is untrusted bytes: a body that never
// ends, or one far beyond what its kind can honestly weigh, is cut off at its limit and reported as
// 'response_too_large', never read whole. One table, so a reader names what it reads and the number follows.
//
// Byte streams handed on as streams (asset content, Router media) are not in the table: their consumers cap
// what they write (the disk cache, cappedFile). The Router's JSON answers keep their own caps
// (ROUTER_READ_LIMITS, passed as a number).

const KiB = 1024;
const MiB = 1024 * KiB;

export const BODY_LIMITS = {
  /** One v2 Job (a read, a submit's or a cancel's answer): 10,000 outputs weigh about 4 MB. */
  job: 8 * MiB,
  /** One page of a job list: the v2 list (500 rows) or the managed service's v1 list (1,000 rows). */
  jobList: 32 * MiB,
  /** An error answer: its status line says what happened; the body only adds words (read up to here). */
  error: 64 * KiB,
  /** One event of a job's SSE stream, data lines together (a preview frame is the largest). */
  sseEvent: 1 * MiB,
  /** One message of the v1 WebSocket (a binary preview frame is the largest). */
  v1SocketMessage: 8 * MiB,
  /** A job's workflow document: the graph Loupe sent (at most 8 MiB), as the service stored it. */
  workflow: 16 * MiB,
  /** A job's log document (the service truncates long logs itself and says so). */
  log: 8 * MiB,
  /** One asset record. */
  asset: 1 * MiB,
  /** The v1 node catalogue (object_info): tens of thousands of node inputs with custom node packs. */
  v1ObjectInfo: 32 * MiB,
  /** Other small v1 answers: a prompt's receipt, a job's status, an upload's record. */
  v1Answer: 1 * MiB,
} as const satisfies Record<string, number>;

export type BodyKind = keyof typeof BODY_LIMITS;

/**
 * What a reader must say about a body before it reads it: a kind from the table, or a number for a cap its
 * caller owns (the Router's). There is no default, so a read without a limit does not compile.
 */
export type BodyLimit = BodyKind | number;

export interface ResolvedLimit {
  /** The kind's name, or 'answer' for a caller's own cap. */
  kind: string;
  maxBytes: number;
}

export function resolveLimit(limit: BodyLimit): ResolvedLimit {
  return typeof limit === 'number'
    ? { kind: 'answer', maxBytes: limit }
    : { kind: limit, maxBytes: BODY_LIMITS[limit] };
}
