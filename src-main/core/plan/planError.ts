// The one error the planner throws on purpose. Everything it refuses is the user's own input (an axis they
// typed, a table they wrote, a count they asked for), so the message names that part and says what to write
// instead, and `details` lets a caller (the CLI, the batch dialog) point at it: which part, which row.
import { DomainError } from '../errors';

export const INVALID_BATCH_PLAN = 'invalid_batch_plan';

export interface BatchPlanErrorDetails {
  /** Which part of the request was refused. */
  part: 'workflow' | 'sweep' | 'table' | 'inputs' | 'zip' | 'repeat' | 'limit';
  /** The axis as the user wrote it (`3.seed=1..8`), or the table's name. */
  source?: string;
  /** `NODE.INPUT`, or a node id when the node itself is the problem. */
  target?: string;
  /** A table's data row, counted from 1 after the header (0: the header itself). */
  row?: number;
  /** The line of the table's text where that row starts, counted from 1. */
  line?: number;
  /** The offending value, shortened. */
  value?: string;
  /** The item count, for a plan over the limit. */
  count?: string;
  limit?: number;
  /** Each axis and its length, for a zip whose axes differ. */
  lengths?: ReadonlyArray<{ source: string; length: number }>;
}

export class BatchPlanError extends DomainError {
  override readonly name = 'BatchPlanError';
  declare readonly details: BatchPlanErrorDetails;

  constructor(message: string, details: BatchPlanErrorDetails, options?: { cause?: unknown }) {
    super(INVALID_BATCH_PLAN, message, {
      details,
      ...(options?.cause === undefined ? {} : { cause: options.cause }),
    });
  }
}

export function isBatchPlanError(value: unknown): value is BatchPlanError {
  return value instanceof BatchPlanError;
}

const SHOWN_LENGTH = 60;

/**
 * A value as a message quotes it: JSON-quoted (so spaces and empty strings are visible) and cut short, since
 * a value may be a whole prompt from a file.
 */
export function quoted(value: string): string {
  const cut = value.length > SHOWN_LENGTH ? `${value.slice(0, SHOWN_LENGTH)}…` : value;
  return JSON.stringify(cut);
}

const SHOWN_SOURCE_LENGTH = 80;

/** An axis as a message names it: as written, unless it is a long list of prompts typed inline. */
export function shownSource(source: string): string {
  return source.length > SHOWN_SOURCE_LENGTH ? `${source.slice(0, SHOWN_SOURCE_LENGTH - 1)}…` : source;
}

/** The same cut as `quoted`, longer, for `details.value`. */
export function shortened(value: string): string {
  return value.length > 200 ? `${value.slice(0, 200)}…` : value;
}
