// The faults the chaos suite knows, in one vocabulary shared by the hostile server (which commits them on the
// wire), the driver (which commits the store's), the trial planner (which draws them from a seed) and the
// verdict (which names them in a failing trial's reason). Parsed with zod where they cross a process.
import { z } from 'zod';

/** The service's routes a fault can strike: every write Loupe makes, and the reads that follow them. */
export const routeSchema = z.enum([
  'submit', // POST /api/v2/jobs
  'upload', // POST /api/v2/assets (multipart)
  'from-hash', // POST /api/v2/assets/from-hash
  'by-hash', // HEAD /api/v2/assets/by-hash/{hash}
  'cancel', // POST /api/v2/jobs/{id}/cancel
  'read-job', // GET /api/v2/jobs/{id}
  'list-jobs', // GET /api/v2/jobs
]);
export type Route = z.infer<typeof routeSchema>;

/** What the server does to one answer. */
export const wireFaultSchema = z.enum([
  'cut-before-status', // the socket closes before a byte of the answer
  'cut-after-status', // the status line alone, then the socket closes
  'cut-after-headers', // status line and headers (Content-Length promised), then the socket closes
  'cut-mid-body', // half the promised body, then the socket closes
  'non-json', // 2xx whose body is an HTML error page
  'slow-body', // 2xx whose body finishes after the client's time limit
  'empty-2xx', // 2xx with an empty body
  'never-ending-body', // 2xx whose body never ends
  'huge-body', // 2xx with a valid 50 MB body
  'status-429', // 429 queue_full with Retry-After: nothing done, the key released
  'status-402', // 402 insufficient_credits: a definite refusal, the key released
  'status-500', // 500 upstream_error
  'status-503', // 503 upstream_unreachable
  'status-404', // 404 not_found for a job that is there: a passing 404 (a node that has not heard of it yet)
  'outputs-10k', // the job, once it succeeded, lists 10,000 outputs on every read
]);
export type WireFault = z.infer<typeof wireFaultSchema>;

/**
 * One drawn server fault: `kind` on `route`, for the requests about each of `targets` (an item's identity,
 * a file's hash, or `list` for list pages), the first `times` of them. `processed` says whether a write is
 * carried out before its answer goes wrong (a job made, then the answer lost) or not at all.
 */
export const serverFaultSchema = z.object({
  route: routeSchema,
  kind: wireFaultSchema,
  targets: z.array(z.string()),
  times: z.number().int().min(1),
  processed: z.boolean(),
});
export type ServerFault = z.infer<typeof serverFaultSchema>;

/** Which store writes a store fault strikes, by the statement they run (driver/storeFaults.ts). */
export const storeWriteSchema = z.enum([
  'plan', // INSERT INTO batches / batch_items: the batch recorded
  'mark-sent', // UPDATE … SET state = 'sent': durable before a request leaves
  'mark-result', // UPDATE … SET state = :state: the answer recorded
  'requeue', // UPDATE … SET state = 'pending': a refused item queued again
  'job-record', // INSERT INTO jobs: a job and its snapshot (submitter and watcher)
  'outputs', // INSERT INTO outputs
  'upload-intent', // INSERT INTO uploads
  'commit', // COMMIT of any write transaction
]);
export type StoreWrite = z.infer<typeof storeWriteSchema>;

export const sqliteCodeSchema = z.enum(['SQLITE_FULL', 'SQLITE_IOERR']);
export type SqliteCode = z.infer<typeof sqliteCodeSchema>;

/** The `nth` write of kind `write` in one driver process (counted from the phase's start) fails `times` times. */
export const storeFaultSchema = z.object({
  write: storeWriteSchema,
  nth: z.number().int().min(1),
  times: z.number().int().min(1),
  code: sqliteCodeSchema,
});
export type StoreFault = z.infer<typeof storeFaultSchema>;

/** When the driver is killed with SIGKILL: at a server event (deterministic) or after a delay. */
export const killPointSchema = z.discriminatedUnion('on', [
  /** The nth submission of the phase reached the server (before it is processed). */
  z.object({ on: z.literal('submit-arrived'), nth: z.number().int().min(1) }),
  /** The nth job of the phase was made (before its answer is written). */
  z.object({ on: z.literal('job-created'), nth: z.number().int().min(1) }),
  /** The nth upload or from-hash of the phase reached the server. */
  z.object({ on: z.literal('asset-write-arrived'), nth: z.number().int().min(1) }),
  /** This long after the phase's command was given. */
  z.object({ on: z.literal('after-ms'), ms: z.number().int().min(0) }),
]);
export type KillPoint = z.infer<typeof killPointSchema>;

/** One line naming a fault for a person (a failing trial's reason lists the faults it drew). */
export function describeServerFault(fault: ServerFault): string {
  const on = fault.targets.length > 3 ? `${fault.targets.length} targets` : fault.targets.join(',');
  const done = fault.processed ? ' (after doing it)' : '';
  return `${fault.route} ${fault.kind}${done} ×${fault.times} on ${on}`;
}

export function describeStoreFault(fault: StoreFault): string {
  return `${fault.code} on ${fault.write} write #${fault.nth}${fault.times > 1 ? ` ×${fault.times}` : ''}`;
}

export function describeKill(kill: KillPoint): string {
  return kill.on === 'after-ms' ? `kill -9 after ${kill.ms} ms` : `kill -9 at ${kill.on} #${kill.nth}`;
}
