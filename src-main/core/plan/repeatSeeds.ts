// Repeat: the same item again, with fresh seeds, so each copy is a new picture rather than the same one
// twice. Every input named `seed` or `noise_seed` that holds a number is redrawn (samplers name it one or the
// other), except one an axis sets: a swept seed is what the user asked to see, and a draw would erase it.
//
// Seeds are drawn once, when the plan is made (its count is already within the limit), so an item reads the
// same seeds however often, and in whatever order, it is asked for: the preview shows what will run.
import type { ResolvedTarget } from './targets';
import type { ApiWorkflow } from './workflowShape';

const SEED_INPUTS = new Set(['seed', 'noise_seed']);

/** Seeds are drawn below 2^50: exact as JSON numbers, and inside the range of the service's own samplers. */
export const SEED_LIMIT = 2 ** 50;

/** The inputs a repeat redraws, in the workflow's node order; `taken` are the `NODE.INPUT`s axes set. */
export function seedTargets(workflow: ApiWorkflow, taken: ReadonlySet<string>): ResolvedTarget[] {
  const targets: ResolvedTarget[] = [];
  for (const [nodeId, node] of Object.entries(workflow)) {
    for (const [input, value] of Object.entries(node.inputs)) {
      const key = `${nodeId}.${input}`;
      if (SEED_INPUTS.has(input) && typeof value === 'number' && !taken.has(key))
        targets.push({ nodeId, input, key });
    }
  }
  return targets;
}

/** One seed in [0, 2^50) from `random` (a number in [0, 1), as Math.random gives). */
export function drawSeed(random: () => number): number {
  const seed = Math.floor(random() * SEED_LIMIT);
  // A test's stub or a faulty source may step outside [0, 1); the seed still has to be a valid one.
  return Number.isFinite(seed) ? Math.min(Math.max(seed, 0), SEED_LIMIT - 1) : 0;
}

/** `count` items' seeds, `perItem` each, item by item. */
export function drawSeeds(count: number, perItem: number, random: () => number): Float64Array {
  const seeds = new Float64Array(count * perItem);
  for (let i = 0; i < seeds.length; i += 1) seeds[i] = drawSeed(random);
  return seeds;
}
