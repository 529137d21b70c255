// Helpers for the planner's tests: the values of every item, and the error a request is refused with.
import { planBatch, type BatchPlanRequest, type PlanEnvironment } from '../planBatch';
import { BatchPlanError } from '../planError';
import type { JsonValue } from '../workflowShape';
import { workflowFixture } from './workflowFixture';

export function plan(request: Omit<BatchPlanRequest, 'workflow'>, environment?: PlanEnvironment) {
  return planBatch({ workflow: workflowFixture(), ...request }, environment);
}

/** Each item's values as `{ 'NODE.INPUT': value }`. */
export function rows(request: Omit<BatchPlanRequest, 'workflow'>, environment?: PlanEnvironment) {
  const planned = plan(request, environment);
  return [...planned.items()].map((item) =>
    Object.fromEntries(item.values.map(({ target, value }) => [target, value])),
  ) as Array<Record<string, JsonValue>>;
}

export function refusal(request: BatchPlanRequest, environment?: PlanEnvironment): BatchPlanError {
  try {
    planBatch(request, environment);
  } catch (error) {
    if (error instanceof BatchPlanError) return error;
    throw error;
  }
  throw new Error('the plan was accepted');
}

export function refusalOf(request: Omit<BatchPlanRequest, 'workflow'>, environment?: PlanEnvironment) {
  return refusal({ workflow: workflowFixture(), ...request }, environment);
}

export const sweep = (text: string) => ({ kind: 'sweep', text }) as const;
