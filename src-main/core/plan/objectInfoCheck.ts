// Checking a plan against the service's `object_info` before anything is sent: a cfg of 40 where the
// sampler stops at 30, or a checkpoint name that is not installed, would otherwise fail item by item after
// queueing. Problems are returned, not thrown: object_info can lag behind a node's real rules, so the caller
// shows them and lets the user decide. A class object_info does not know is skipped, not reported.
import type { BatchPlan } from './batchPlan';
import { inputRule, type InputRule } from './objectInfoRules';
import type { ResolvedTarget } from './targets';
import type { JsonValue } from './workflowShape';

export type PlanProblemKind = 'wrong_type' | 'below_min' | 'above_max' | 'not_a_choice';

export interface PlanProblem {
  kind: PlanProblemKind;
  /** `NODE.INPUT`. */
  target: string;
  /** The axis as written, or `repeat` for drawn seeds. */
  source: string;
  /** The first item (from 0) that holds an offending value. */
  itemIndex: number;
  /** That item's value. */
  value: JsonValue;
  /** How many of the axis's values (or drawn seeds) break the rule. */
  offendingValues: number;
  message: string;
}

interface Verdict {
  kind: PlanProblemKind;
  /** What was expected, for the message: `at most 30`, `one of a, b, c`. */
  expected: string;
}

const LISTED_CHOICES = 5;

function judgeNumber(value: JsonValue, rule: Extract<InputRule, { kind: 'INT' | 'FLOAT' }>): Verdict | null {
  if (typeof value !== 'number' || (rule.kind === 'INT' && !Number.isInteger(value))) {
    return { kind: 'wrong_type', expected: rule.kind === 'INT' ? 'a whole number' : 'a number' };
  }
  if (rule.min !== null && value < rule.min) return { kind: 'below_min', expected: `at least ${rule.min}` };
  if (rule.max !== null && value > rule.max) return { kind: 'above_max', expected: `at most ${rule.max}` };
  return null;
}

function judge(value: JsonValue, rule: InputRule): Verdict | null {
  switch (rule.kind) {
    case 'INT':
    case 'FLOAT':
      return judgeNumber(value, rule);
    case 'STRING':
      return typeof value === 'string' ? null : { kind: 'wrong_type', expected: 'text' };
    case 'BOOLEAN':
      return typeof value === 'boolean' ? null : { kind: 'wrong_type', expected: 'true or false' };
    case 'choices': {
      // An empty list is a node that fills its choices at run time: nothing to hold a value against.
      if (rule.choices.length === 0 || rule.choices.some((choice) => choice === value)) return null;
      const shown = rule.choices.slice(0, LISTED_CHOICES).map((choice) => JSON.stringify(choice));
      const more = rule.choices.length > LISTED_CHOICES ? `, … (${rule.choices.length} in all)` : '';
      return { kind: 'not_a_choice', expected: `one of ${shown.join(', ')}${more}` };
    }
  }
}

/** The values one target takes, each with the first item that takes it. */
type Occurrences = Iterable<{ value: JsonValue; itemIndex: number }>;

function checkTarget(
  plan: BatchPlan,
  objectInfo: unknown,
  target: ResolvedTarget,
  source: string,
  occurrences: Occurrences,
): PlanProblem | null {
  const classType = plan.workflow[target.nodeId]?.class_type;
  const rule = classType === undefined ? null : inputRule(objectInfo, classType, target.input);
  if (rule === null) return null;
  let first: { value: JsonValue; itemIndex: number; verdict: Verdict } | null = null;
  let offendingValues = 0;
  for (const { value, itemIndex } of occurrences) {
    const verdict = judge(value, rule);
    if (verdict === null) continue;
    offendingValues += 1;
    first ??= { value, itemIndex, verdict };
  }
  if (first === null) return null;
  const more = offendingValues - 1;
  const others =
    more === 0 ? '' : ` (${more} more ${more === 1 ? 'value breaks' : 'values break'} the same rule)`;
  return {
    kind: first.verdict.kind,
    target: target.key,
    source,
    itemIndex: first.itemIndex,
    value: first.value,
    offendingValues,
    message:
      `${source}: ${JSON.stringify(first.value)} for ${target.key} does not fit ` +
      `${classType ?? 'the node'}, which ` +
      `takes ${first.verdict.expected}; item ${first.itemIndex + 1} is the first with it${others}.`,
  };
}

function* axisOccurrences(
  plan: BatchPlan,
  axis: number,
  column: number,
): Generator<{ value: JsonValue; itemIndex: number }> {
  const { length } = plan.axes[axis] ?? { length: 0 };
  for (let position = 0; position < length; position += 1) {
    const value = plan.axes[axis]?.valuesAt(position)[column] ?? null;
    yield { value, itemIndex: plan.firstItemAt(axis, position) };
  }
}

function* seedOccurrences(
  plan: BatchPlan,
  column: number,
): Generator<{ value: JsonValue; itemIndex: number }> {
  const repeat = plan.repeat;
  if (repeat === null) return;
  for (let itemIndex = 0; itemIndex < plan.count; itemIndex += 1) {
    yield { value: repeat.seeds[itemIndex * repeat.targets.length + column] ?? 0, itemIndex };
  }
}

/**
 * The values of `plan` that object_info says the service would refuse, one problem per input, each naming
 * the first item that holds one. Uploaded files are not checked: the service resolves a `core/ASSET`
 * reference itself, and object_info lists only the files already on its disk.
 */
export function checkAgainstObjectInfo(plan: BatchPlan, objectInfo: unknown): PlanProblem[] {
  const problems: PlanProblem[] = [];
  plan.axes.forEach((axis, k) => {
    if (axis.kind === 'inputs') return;
    axis.targets.forEach((target, column) => {
      const problem = checkTarget(plan, objectInfo, target, axis.source, axisOccurrences(plan, k, column));
      if (problem !== null) problems.push(problem);
    });
  });
  plan.repeat?.targets.forEach((target, column) => {
    const problem = checkTarget(plan, objectInfo, target, 'repeat', seedOccurrences(plan, column));
    if (problem !== null) problems.push(problem);
  });
  return problems;
}
