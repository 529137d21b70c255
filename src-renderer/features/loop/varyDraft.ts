// Vary this: a job read as a recipe (jobs.recipe) turned into a New batch draft, its workflow and values in
// place and the inputs that were axes of its batch offered first, each as a sweep holding the job's own value
// (`3.seed=41`), ready to widen. Vary around this: a neighbourhood of those values to confirm first.
import type { JobRecipe } from '../../../src-shared/contract';
import { EMPTY_DRAFT, nextId, type NewBatchDraft } from '../batches/newBatch/newBatchStore';

/** `a,b` as a sweep list writes it: `,` `\` `@` `.` made plain. */
export function sweepValueText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.replace(/[\\,@.]/g, (character) => `\\${character}`);
}

function numberText(value: number): string {
  // Sweep ranges take plain decimals; a float is rounded to what its step can tell apart.
  return String(Math.round(value * 1e6) / 1e6);
}

function sweepText(target: string, value: unknown): string {
  return `${target}=${typeof value === 'number' ? numberText(value) : sweepValueText(value)}`;
}

/** The draft Vary this opens: the workflow, and one sweep per axis of the job's batch holding its value. */
export function varyDraft(recipe: JobRecipe, jobId: string, sweeps?: readonly string[]): NewBatchDraft {
  if (recipe.workflowJson === null) throw new Error('varyDraft needs an API workflow');
  const texts = sweeps ?? (recipe.batch?.values ?? []).map(({ target, value }) => sweepText(target, value));
  return {
    ...EMPTY_DRAFT,
    workflow: { id: nextId(), name: `Job ${jobId}.json`, text: recipe.workflowJson },
    sweeps: texts.map((text) => ({ id: nextId(), text })),
    name: `Variations of ${jobId}`,
  };
}

export interface Neighbourhood {
  seedSpread: number;
  cfgStep: number;
}

export const DEFAULT_NEIGHBOURHOOD: Neighbourhood = { seedSpread: 2, cfgStep: 0.5 };

function isSeed(target: string): boolean {
  const input = target.slice(target.indexOf('.') + 1);
  return input === 'seed' || input === 'noise_seed';
}

function isCfg(target: string): boolean {
  return target.slice(target.indexOf('.') + 1) === 'cfg';
}

/**
 * The sweeps Vary around this proposes: each seed input the job has, ± n around its value (never below 0),
 * and each cfg ± one step; every other axis of its batch held at the job's value. Shown to confirm before
 * anything is planned.
 */
export function neighbourhoodSweeps(
  recipe: JobRecipe,
  around: Neighbourhood = DEFAULT_NEIGHBOURHOOD,
): string[] {
  const sweeps: string[] = [];
  const done = new Set<string>();
  const seen = (recipe.batch?.values ?? []).map(({ target, value }) => ({ target, value }));
  const others = recipe.inputs.filter((input) => isSeed(input.target) || isCfg(input.target));
  for (const { target, value } of [...seen, ...others]) {
    if (done.has(target)) continue;
    done.add(target);
    if (typeof value === 'number' && isSeed(target) && Number.isInteger(value)) {
      const low = Math.max(0, value - around.seedSpread);
      sweeps.push(`${target}=${low}..${value + around.seedSpread}`);
    } else if (typeof value === 'number' && isCfg(target)) {
      const low = Math.max(0, value - around.cfgStep);
      sweeps.push(
        `${target}=${numberText(low)}..${numberText(value + around.cfgStep)}:${numberText(around.cfgStep)}`,
      );
    } else if (recipe.batch?.values.some((axis) => axis.target === target)) {
      sweeps.push(sweepText(target, value));
    }
  }
  return sweeps;
}
