// The creative loop (issue 22): compare jobs, read a job as a recipe to vary or run again with changes, and
// bring outputs over as inputs (across profiles too). Every call is made on a profile (the one the window
// shows); a job or asset on another profile is named with its own profile, which main checks exists like the
// call's own.
import { z } from 'zod';
import { profileRefSchema, scopedCall } from '../contractKit';
import { assetIdArgSchema } from './assets';
import { batchItemValueSchema } from './batches';
import { jobIdSchema, jobSnapshotSchema, jobStatusSchema } from './jobs';

/** A job on a named profile. */
export const jobRefSchema = z.strictObject({ profileId: profileRefSchema, jobId: jobIdSchema });
export type JobRef = z.infer<typeof jobRefSchema>;

const diffValueSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('value'), text: z.string() }),
  z.object({ kind: z.literal('link'), node: z.string(), output: z.number().int() }),
  z.object({ kind: z.literal('absent') }),
]);

export const workflowDifferenceSchema = z.object({
  inputs: z.array(
    z.object({
      target: z.string(),
      classType: z.string().nullable(),
      values: z.array(diffValueSchema),
      line: z.string(),
    }),
  ),
  nodes: z.array(z.object({ nodeId: z.string(), classType: z.string(), presentIn: z.array(z.boolean()) })),
  truncated: z.number().int().nonnegative(),
});
export type WorkflowDifferenceResult = z.infer<typeof workflowDifferenceSchema>;

/** One compared job: how its workflow could be read, its batch values and its times. */
export const comparedJobSchema = z.object({
  profileId: z.string(),
  jobId: z.string(),
  /** `api`: diffed; `save`/`unknown`: not diffable as inputs (`problem` says why); `unreadable`: not read. */
  format: z.enum(['api', 'save', 'unknown', 'unreadable']),
  problem: z.string().nullable(),
  status: jobStatusSchema.nullable(),
  /** The batch of several items it ran an item of, with its values on the batch's axes. */
  batch: z
    .object({ batchId: z.string(), name: z.string(), values: z.array(batchItemValueSchema) })
    .nullable(),
  createdAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  queueMs: z.number().nullable(),
  executionMs: z.number().nullable(),
});
export type ComparedJob = z.infer<typeof comparedJobSchema>;

export const jobCompareResultSchema = z.object({
  jobs: z.array(comparedJobSchema),
  /** Null when fewer than two of the workflows are API-format (nothing to diff as inputs). */
  difference: workflowDifferenceSchema.nullable(),
});
export type JobCompareResult = z.infer<typeof jobCompareResultSchema>;

/** What object_info says an input takes, when the service offers it. */
export const inputRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.enum(['INT', 'FLOAT']), min: z.number().nullable(), max: z.number().nullable() }),
  z.object({ kind: z.enum(['STRING', 'BOOLEAN']) }),
  z.object({ kind: z.literal('choices'), choices: z.array(z.union([z.string(), z.number(), z.boolean()])) }),
]);
export type InputRuleResult = z.infer<typeof inputRuleSchema>;

/** A job read as something to run again: its API workflow, its editable inputs, and its batch's axes. */
export const jobRecipeSchema = z.object({
  format: z.enum(['api', 'save', 'unknown']),
  /** Why it cannot be run (a `save`-format document); null when it can. */
  problem: z.string().nullable(),
  /** The API workflow's text, ready for New batch; null when it cannot be run. */
  workflowJson: z.string().nullable(),
  /** Inputs that hold a value (links left out), in node order. */
  inputs: z.array(
    z.object({
      target: z.string(),
      classType: z.string(),
      value: z.json(),
      rule: inputRuleSchema.nullable(),
    }),
  ),
  /** False where the service offers no object_info: no rules. */
  checked: z.boolean(),
  /** This job's values on the axes of the batch it ran in (they come first when varying it). */
  batch: z
    .object({ batchId: z.string(), name: z.string(), values: z.array(batchItemValueSchema) })
    .nullable(),
});
export type JobRecipe = z.infer<typeof jobRecipeSchema>;

/** `NODE.INPUT` as the planner names it. */
const changeTargetSchema = z
  .string()
  .min(3)
  .max(200)
  .regex(/^[^.\s]{1,100}\.[^\s]{1,100}$/, 'not NODE.INPUT');

export const inputChangeSchema = z.strictObject({ target: changeTargetSchema, value: z.json() });
export type InputChange = z.infer<typeof inputChangeSchema>;

/** How one asset came over: already the target's own, minted from its hash (0 bytes), or uploaded. */
export const broughtAssetSchema = z.object({
  sourceAssetId: z.string(),
  assetId: z.string(),
  how: z.enum(['same-profile', 'by-hash', 'uploaded']),
  bytesSent: z.number().int().nonnegative(),
});
export type BroughtAsset = z.infer<typeof broughtAssetSchema>;

export const loopContract = {
  /** What differs between 2 to 4 jobs (each on its own profile), with their batch values and times. */
  'jobs.compare': scopedCall(
    z.strictObject({ jobs: z.array(jobRefSchema).min(2).max(4) }),
    jobCompareResultSchema,
  ),
  /** The job's workflow and inputs (with object_info rules where offered), for Vary this and Run again. */
  'jobs.recipe': scopedCall(z.strictObject({ jobId: jobIdSchema }), jobRecipeSchema),
  /**
   * The job's API workflow with these inputs changed, submitted once through the outbox under a new key and
   * linked to the job as its retry (the attempts chain). A link input cannot be changed.
   */
  'jobs.runWithChanges': scopedCall(
    z.strictObject({ jobId: jobIdSchema, changes: z.array(inputChangeSchema).min(1).max(200) }),
    jobSnapshotSchema,
  ),
  /**
   * Outputs of `fromProfileId` made usable as inputs on the call's profile: the same ids on the same profile;
   * otherwise by hash first (from-hash, 0 bytes) and uploaded only when the target does not hold the bytes.
   */
  'assets.bringOver': scopedCall(
    z.strictObject({
      fromProfileId: profileRefSchema,
      assetIds: z.array(assetIdArgSchema).min(1).max(100),
    }),
    z.object({ assets: z.array(broughtAssetSchema) }),
  ),
} as const;
