// The draft as a batches.plan request, or the fields to fix before one is worth sending. The page checks only
// what the contract would refuse as malformed arguments (sizes, counts, whole numbers); what an axis means is
// the planner's to judge, and its answer is shown beside the axis it names.
import type { BatchAxisRequest, BatchPlanArgs } from '../../../../src-shared/contract';
import type { NewBatchDraft } from './newBatchStore';
import type { WorkflowReading } from './workflowReading';

/** The contract's bounds (src-shared/contracts/batches.ts). */
export const PLAN_LIMITS = {
  axes: 16,
  repeat: 10_000,
  window: 64,
  /** Attempts per item in all, when failures that look transient are sent again. */
  autoRetry: { min: 2, max: 10 },
  name: 200,
  fileName: 255,
  sweepChars: 100_000,
  /** Assets bound to one input. */
  assets: 10_000,
} as const;

export interface PlanRequest {
  args: BatchPlanArgs;
  /**
   * What the args say, small enough for a query key: the loaded files by id, not by their text (a workflow
   * can be megabytes, and a key is hashed on every render).
   */
  key: string;
}

export interface DraftCheck {
  /** What to preview; null with no workflow yet, one the page cannot read, or a field to fix first. */
  request: PlanRequest | null;
  sweepErrors: ReadonlyMap<number, string>;
  axesError: string | null;
  repeatError: string | null;
  windowError: string | null;
  nameError: string | null;
  /** The batch's name as it will be saved. */
  name: string;
  /** The window as a number, when it is a valid one. */
  window: number | null;
  /** Attempts per item for batches.start's autoRetry; undefined while the option is off or not valid. */
  autoRetry: number | undefined;
  autoRetryError: string | null;
}

/** A whole number from `min` to `max`, or null. */
function wholeNumber(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

/** The default name: the workflow's file name without its `.json`. */
export function defaultBatchName(fileName: string | undefined): string {
  const name = (fileName ?? '').replace(/\.json$/i, '').trim();
  return name.slice(0, PLAN_LIMITS.name);
}

function sweepError(text: string): string | null {
  if (text.length < 3) return 'Write NODE.INPUT=VALUES, for example 3.seed=1..8.';
  if (text.length > PLAN_LIMITS.sweepChars) {
    return `This sweep is longer than ${PLAN_LIMITS.sweepChars.toLocaleString()} characters; use a CSV table for long lists.`;
  }
  return null;
}

export function checkDraft(draft: NewBatchDraft, reading: WorkflowReading | null): DraftCheck {
  const sweepErrors = new Map<number, string>();
  const axes: BatchAxisRequest[] = [];
  // Each axis as the query key names it: sweeps by their text, files by id and revision, never their content.
  const keyAxes: string[] = [];
  for (const sweep of draft.sweeps) {
    // A blank row is an axis not written yet: nothing to send, nothing to complain about.
    if (sweep.text.trim() === '') continue;
    const error = sweepError(sweep.text.trim());
    if (error === null) {
      axes.push({ kind: 'sweep', text: sweep.text });
      keyAxes.push(sweep.text);
    } else sweepErrors.set(sweep.id, error);
  }
  // Sent in the order shown: after the sweeps, before the table.
  for (const bound of draft.inputs) {
    if (bound.assetIds.length === 0) continue;
    axes.push({ kind: 'inputs', target: bound.target, assetIds: [...bound.assetIds] });
    keyAxes.push(`inputs#${bound.id}.${bound.revision}`);
  }
  if (draft.table !== null) {
    axes.push({
      kind: 'table',
      csv: draft.table.text,
      name: draft.table.name.slice(0, PLAN_LIMITS.fileName),
    });
    keyAxes.push(`table#${draft.table.id}`);
  }
  const crowded = draft.inputs.find((bound) => bound.assetIds.length > PLAN_LIMITS.assets);
  const axesError =
    axes.length > PLAN_LIMITS.axes
      ? `A batch varies at most ${PLAN_LIMITS.axes} axes; this plan has ${axes.length}. Combine some into a CSV table.`
      : crowded !== undefined
        ? `${crowded.target} has ${crowded.assetIds.length.toLocaleString()} assets; one input takes at most ${PLAN_LIMITS.assets.toLocaleString()}.`
        : null;
  const repeat = draft.repeat.trim() === '' ? undefined : wholeNumber(draft.repeat, 1, PLAN_LIMITS.repeat);
  const repeatError =
    repeat === null ? `Repeat is a whole number from 1 to ${PLAN_LIMITS.repeat.toLocaleString()}.` : null;
  const window = wholeNumber(draft.window, 1, PLAN_LIMITS.window);
  const windowError = window === null ? `A whole number from 1 to ${PLAN_LIMITS.window}.` : null;
  const attempts = draft.autoRetry
    ? wholeNumber(draft.autoRetryAttempts, PLAN_LIMITS.autoRetry.min, PLAN_LIMITS.autoRetry.max)
    : undefined;
  const autoRetryError =
    attempts === null
      ? `A whole number of attempts from ${PLAN_LIMITS.autoRetry.min} to ${PLAN_LIMITS.autoRetry.max}.`
      : null;
  const name = (draft.name ?? defaultBatchName(draft.workflow?.name)).trim();
  const nameError =
    name === ''
      ? 'Give the batch a name.'
      : name.length > PLAN_LIMITS.name
        ? `At most ${PLAN_LIMITS.name} characters.`
        : null;

  const workflow = draft.workflow;
  const blocked = sweepErrors.size > 0 || axesError !== null || repeat === null;
  let request: PlanRequest | null = null;
  if (workflow !== null && reading?.kind === 'api' && !blocked) {
    const args: BatchPlanArgs = {
      workflowJson: workflow.text,
      fileName: workflow.name.slice(0, PLAN_LIMITS.fileName),
      axes,
      ...(draft.zip ? { zip: true } : {}),
      ...(repeat === undefined ? {} : { repeat }),
    };
    request = { args, key: JSON.stringify([workflow.id, keyAxes, draft.zip, repeat ?? null]) };
  }
  return {
    request,
    sweepErrors,
    axesError,
    repeatError,
    windowError,
    nameError,
    name,
    window,
    autoRetry: attempts ?? undefined,
    autoRetryError,
  };
}
