// Error codes that main itself answers with (a service's own codes pass through as the service wrote them).
// The page branches on these; main, the transports and the tests spell them from here.
export const ERROR_CODES = {
  /** The arguments broke the call's schema, or its bounds on size and depth. */
  invalidArguments: 'invalid_arguments',
  /** No call or stream by that name. */
  unknownCall: 'unknown_call',
  /** Electron: a frame that may not use the contract (a sub-frame, another origin). */
  forbiddenSender: 'forbidden_sender',
  /** A bug in Loupe; the details are in main's log, never in the answer. */
  internal: 'internal',
  /** One window holds too many open streams. */
  tooManySubscriptions: 'too_many_subscriptions',
  /** This host cannot do it (a file dialog in the browser shell, say). */
  notAvailable: 'not_available',
  /** A file grant that is unknown, spent, expired or another window's. */
  invalidGrant: 'invalid_grant',
  /** An upload in flight when Loupe last stopped; Retry resumes it (it is read from disk). */
  uploadInterrupted: 'interrupted',
  /** The same for a page-dropped file: the page's copy is gone, so only dropping it again finishes it. */
  uploadInterruptedPageFile: 'interrupted_page_file',
  /** The active profile changed under a stream of the previous one. */
  profileChanged: 'profile_changed',
  /** Nothing to act on: no profile is active. */
  noActiveProfile: 'no_active_profile',
  /** A submission whose answer was lost: the job may exist (never resent under a new key). */
  outcomeUnknown: 'outcome_unknown',
  /** A submission the service accepted (2xx) whose answer was lost: the job exists, its id is looked for. */
  answerLost: 'answer_lost',
  /** Loupe's data file is damaged (the open check or SQLite found it so); store.status says how. */
  storeDamaged: 'store_damaged',
  /** Loupe's data file or its folder cannot be written (read-only disk or folder, permissions). */
  storeReadOnly: 'store_read_only',
  /** The disk holding Loupe's data is full. */
  diskFull: 'disk_full',
  /** The system failed a read or write of Loupe's data file. */
  storeIoError: 'store_io_error',
  /** Loupe's data file was written by a newer Loupe. */
  schemaTooNew: 'schema_too_new',
  /** store.recover while the store is fine, or with an action its damage does not offer. */
  nothingToRecover: 'nothing_to_recover',
  /**
   * The service sent an answer larger than Loupe reads for its kind (a job, a list page, an event): Loupe
   * stopped reading it rather than fill its memory. Nothing was changed by it.
   */
  responseTooLarge: 'response_too_large',
  /** The window's request is larger than one message to Loupe's host may be (the browser shell's socket). */
  callTooLarge: 'call_too_large',
} as const;

export type LoupeErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
