// Where a refused plan's reason belongs on the screen. The planner's error names the part the user has to
// change (details.part) and, for an axis, the axis as written (details.source): the words go beside that
// axis, so nobody has to work out which of five sweeps "3.cfg=5,x" was. What names no field goes above the
// preview.
import { z } from 'zod';
import { LoupeCallError } from '../../../lib/callError';
import { jobErrorWords } from '../../jobs/actions/jobErrorWords';
import type { InputsDraft, SweepDraft } from './newBatchStore';

export type ErrorPlace =
  | { kind: 'sweep'; sweepId: number }
  | { kind: 'inputs'; inputsId: number }
  | { kind: 'table' }
  | { kind: 'workflow' }
  | { kind: 'zip' }
  | { kind: 'repeat' }
  | { kind: 'preview' };

export interface PlacedError {
  place: ErrorPlace;
  /** Short words over the message, for the errors that name no field. */
  title: string;
  message: string;
  nextStep: string | undefined;
  code: string;
}

const planErrorDetailsSchema = z.object({ part: z.string(), source: z.string().optional() });

const WORKFLOW_CODES = new Set(['invalid_workflow_json', 'workflow_format_ui']);

/** How the planner names an inputs axis in its errors: `1.image=3 assets` (core/plan/inputsAxis.ts). */
function inputsSource(axis: InputsDraft): string {
  const count = axis.assetIds.length;
  return `${axis.target.trim()}=${count} ${count === 1 ? 'asset' : 'assets'}`;
}

function placeOf(error: unknown, sweeps: readonly SweepDraft[], inputs: readonly InputsDraft[]): ErrorPlace {
  if (!(error instanceof LoupeCallError)) return { kind: 'preview' };
  if (WORKFLOW_CODES.has(error.code)) return { kind: 'workflow' };
  if (error.code !== 'invalid_batch_plan') return { kind: 'preview' };
  const details = planErrorDetailsSchema.safeParse(error.detail.details);
  if (!details.success) return { kind: 'preview' };
  const { part, source } = details.data;
  switch (part) {
    case 'sweep': {
      // The planner names the axis as written, trimmed; of two identical axes, the later one is refused.
      const named = sweeps.findLast((sweep) => sweep.text.trim() === source);
      return named === undefined ? { kind: 'preview' } : { kind: 'sweep', sweepId: named.id };
    }
    case 'inputs': {
      const named = inputs.findLast((axis) => inputsSource(axis) === source);
      return named === undefined ? { kind: 'preview' } : { kind: 'inputs', inputsId: named.id };
    }
    case 'table':
      return { kind: 'table' };
    case 'workflow':
      return { kind: 'workflow' };
    case 'zip':
      return { kind: 'zip' };
    case 'repeat':
      return { kind: 'repeat' };
    default:
      return { kind: 'preview' };
  }
}

export function placePlanError(
  error: unknown,
  sweeps: readonly SweepDraft[],
  inputs: readonly InputsDraft[] = [],
): PlacedError {
  const words = jobErrorWords(error, 'work out this batch');
  const plan = error instanceof LoupeCallError && error.code === 'invalid_batch_plan';
  return {
    place: placeOf(error, sweeps, inputs),
    title: plan ? 'This plan cannot run as it is' : words.title,
    message: words.message,
    nextStep: words.nextStep,
    code: words.code,
  };
}
