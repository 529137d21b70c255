// A plan as a template and back. A template keeps what batches.plan and batches.start are sent (the workflow's
// text, every axis, zip, repeat, the window and auto-retry); opening one rebuilds the draft those came from,
// so the screen shows the same axes (inputs axes with the same assets, in the same order) and plans them again.
import type { BatchTemplate } from '../../../../../src-shared/contract';
import {
  DEFAULT_AUTO_RETRY_ATTEMPTS,
  EMPTY_DRAFT,
  nextId,
  type InputsDraft,
  type LoadedText,
  type NewBatchDraft,
  type SweepDraft,
} from '../newBatchStore';
import type { DraftCheck } from '../planRequest';

export type TemplatePlan = BatchTemplate['plan'];

/** The contract's bound on a template's workflow (Loupe keeps templates in its settings). */
export const TEMPLATE_WORKFLOW_CHARS = 8 * 1024 * 1024;

/** The plan to save, or why there is none yet (the preview's own checks decide what is worth saving). */
export function templatePlanOf(check: DraftCheck): { plan: TemplatePlan } | { problem: string } {
  if (check.request === null || check.window === null) {
    return { problem: 'Fix the fields marked in red first: a template keeps a plan that can run.' };
  }
  const { args } = check.request;
  if (args.workflowJson.length > TEMPLATE_WORKFLOW_CHARS) {
    return { problem: 'This workflow is over 8 MB, more than a template keeps.' };
  }
  return {
    plan: {
      ...args,
      window: check.window,
      ...(check.autoRetry === undefined ? {} : { autoRetry: check.autoRetry }),
    },
  };
}

export interface OpenedTemplate {
  draft: NewBatchDraft;
  /** What could not come back as it was saved, in words. */
  notes: string[];
}

/** The draft a template was saved from (as near as the screen can hold it: one CSV table). */
export function draftFromTemplate(template: BatchTemplate): OpenedTemplate {
  const { plan } = template;
  const sweeps: SweepDraft[] = [];
  const inputs: InputsDraft[] = [];
  const tables: LoadedText[] = [];
  for (const axis of plan.axes) {
    if (axis.kind === 'sweep') sweeps.push({ id: nextId(), text: axis.text });
    else if (axis.kind === 'inputs') {
      inputs.push({ id: nextId(), target: axis.target, assetIds: axis.assetIds, revision: nextId() });
    } else tables.push({ id: nextId(), name: axis.name ?? 'table.csv', text: axis.csv });
  }
  const notes: string[] = [];
  if (tables.length > 1) {
    notes.push(
      `This template has ${tables.length} CSV tables; the screen holds one, so only the first was opened.`,
    );
  }
  // The screen sends sweeps, then files, then the table; a plan saved elsewhere may list them otherwise.
  const rank = { sweep: 0, inputs: 1, table: 2 } as const;
  const ranks = plan.axes.map((axis) => rank[axis.kind]);
  if (ranks.some((value, index) => index > 0 && value < (ranks[index - 1] ?? 0))) {
    notes.push(
      'This template lists its axes in another order than this screen keeps them (sweeps, files, table): ' +
        'the items are the same, in another order.',
    );
  }
  return {
    draft: {
      ...EMPTY_DRAFT,
      workflow: {
        id: nextId(),
        name: plan.fileName ?? `${template.name}.json`,
        text: plan.workflowJson,
      },
      sweeps,
      inputs,
      table: tables[0] ?? null,
      repeat: plan.repeat === undefined ? '' : String(plan.repeat),
      zip: plan.zip ?? false,
      name: template.name,
      window: String(plan.window),
      autoRetry: plan.autoRetry !== undefined,
      autoRetryAttempts: String(plan.autoRetry ?? DEFAULT_AUTO_RETRY_ATTEMPTS),
    },
    notes,
  };
}
