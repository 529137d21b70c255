// jobs.recipe and jobs.runWithChanges: a job's workflow read through the profile's jobs client (GET …/workflow)
// as something to vary or run again, and one changed submission through the outbox (the same path as
// jobs.submit and jobs.retry: recorded with its key before it is sent), linked to the job as its retry.
import { z } from 'zod';
import type { JobSnapshot } from '../../../src-shared/contracts/jobs';
import type { InputChange, InputRuleResult, JobRecipe } from '../../../src-shared/contracts/loop';
import { isRecord } from '../../../src-shared/workflowDocument';
import { HttpClient, RetryPolicy, V1Client } from '../api';
import type { ProfileRuntimes } from '../jobs/profileRuntimes';
import { inputRule, type InputRule } from '../plan/objectInfoRules';
import { connectionForProfile, type ProfileService } from '../profiles';
import type { LoupeStore } from '../store';
import { batchValuesOf } from './batchValues';
import { recipeInputs, withChanges } from './recipeInputs';
import { unrunnableReason } from './recipeWords';

export interface RecipeDeps {
  jobs: Pick<ProfileRuntimes, 'runtime'>;
  profiles: ProfileService;
  store: LoupeStore;
  /** The service's object_info, or null where it offers none (default: v1 object_info, 5 s). */
  objectInfo?: (profileId: string) => Promise<unknown>;
}

const OBJECT_INFO_TIMEOUT_MS = 5_000;

async function serviceObjectInfo(profiles: ProfileService, profileId: string): Promise<unknown> {
  try {
    const connection = await connectionForProfile(profiles, profileId);
    const http = new HttpClient({ connection, retryPolicy: new RetryPolicy({ maxAttempts: 1 }) });
    return await new V1Client(http).objectInfo({ signal: AbortSignal.timeout(OBJECT_INFO_TIMEOUT_MS) });
  } catch {
    return null;
  }
}

export async function jobRecipe(deps: RecipeDeps, profileId: string, jobId: string): Promise<JobRecipe> {
  const { service } = await deps.jobs.runtime(profileId);
  const document = await service.workflow(jobId);
  const batch = batchValuesOf(deps.store, profileId, jobId);
  if (document.format !== 'api' || !isRecord(document.workflow)) {
    const format = document.format === 'api' ? 'unknown' : document.format;
    return {
      format: document.format,
      problem: unrunnableReason(format, 'run'),
      workflowJson: null,
      inputs: [],
      checked: false,
      batch,
    };
  }
  const workflow = document.workflow;
  const info = await (deps.objectInfo ?? ((id) => serviceObjectInfo(deps.profiles, id)))(profileId);
  return {
    format: 'api',
    problem: null,
    workflowJson: JSON.stringify(workflow, null, 2),
    inputs: recipeInputs(workflow).map((input) => ({
      target: input.target,
      classType: input.classType,
      value: jsonValue(input.value),
      rule: info === null ? null : ruleResult(inputRule(info, input.classType, input.input)),
    })),
    checked: info !== null,
    batch,
  };
}

function ruleResult(rule: InputRule | null): InputRuleResult | null {
  if (rule === null) return null;
  return rule.kind === 'choices' ? { kind: 'choices', choices: [...rule.choices] } : rule;
}

type Json = z.infer<ReturnType<typeof z.json>>;

/** A value as JSON carries it (the service's JSON has nothing else, but a hostile answer is not trusted). */
function jsonValue(value: unknown): Json {
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? null : (JSON.parse(text) as Json);
}

export async function runWithChanges(
  deps: RecipeDeps,
  profileId: string,
  jobId: string,
  changes: readonly InputChange[],
): Promise<JobSnapshot> {
  const { service } = await deps.jobs.runtime(profileId);
  // The retry path reads the API workflow (what Loupe sent, when the service no longer has it) and refuses
  // an editor-format one; the changes are applied to it before the intent is written.
  return service.retry(jobId, { change: (workflow) => withChanges(workflow, changes) });
}
