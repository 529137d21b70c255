// Whether Start may go ahead, and the one line beside the button that says why not (or what it will do).
// Start sends exactly what the preview showed: never while the preview is out of date, loading or refused.
import { plural } from '../batchCounts';
import type { DraftCheck } from './planRequest';
import type { PlanPreviewState } from './usePlanPreview';
import type { WorkflowReading } from './workflowReading';

/** Above this many jobs, Start asks first: a typo in a range can mean thousands of paid runs. */
export const CONFIRM_ABOVE_ITEMS = 500;

export interface StartReadiness {
  ready: boolean;
  note: string;
  /** Whether Start asks before sending: many items, or values the service says it will refuse. */
  confirm: boolean;
}

/** Why there is no preview: the page asks for none without an API-format workflow or with a field to fix. */
export function idleReason(reading: WorkflowReading | null): string {
  return reading?.kind === 'api'
    ? 'Fix the fields marked in red to see what will run.'
    : 'Pick an API-format workflow to see what will run.';
}

export function startReadiness(
  check: DraftCheck,
  preview: PlanPreviewState,
  reading: WorkflowReading | null,
): StartReadiness {
  const not = (note: string): StartReadiness => ({ ready: false, note, confirm: false });
  if (preview.status === 'idle') return not(idleReason(reading));
  if (preview.status === 'loading') return not('Waiting for the preview…');
  if (preview.status === 'error' || preview.data === null)
    return not('Fix what the preview points at, then start.');
  if (check.nameError !== null || check.window === null) return not('Fix the name and the number at a time.');
  if (check.autoRetryError !== null) return not('Fix the number of attempts, or turn retrying off.');
  const { count, problems } = preview.data;
  return {
    ready: true,
    note: `Sends ${plural(count, 'job')}, ${check.window} at a time${
      check.autoRetry === undefined ? '' : `, up to ${check.autoRetry} attempts each`
    }.`,
    confirm: count > CONFIRM_ABOVE_ITEMS || problems.length > 0,
  };
}
