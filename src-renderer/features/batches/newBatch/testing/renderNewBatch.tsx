// Test support for New batch: a workflow to plan with, files the test DOM can read, a host whose batches.plan
// answers from the fake planner (or as the test says) and whose batches.start records a batch, and the steps
// every test takes (open the screen, load a file).
import { act, fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll } from 'vitest';
import { fakeLayout } from '../../../../test/fakeLayout';
import type { LoupeApi } from '../../../../../src-preload/buildApi';
import type { BatchPlanArgs, CallName } from '../../../../../src-shared/contract';
import type { Answer } from '../../../../test/fakeHost';
import { workflowFile } from '../../../../test/workflowFiles';
import { batchDetail, fakeBatchesHost, waitingItem } from '../../testing/fakeBatches';
import { renderBatches } from '../../testing/renderBatches';
import { EMPTY_DRAFT, useNewBatch } from '../newBatchStore';
import { fakePlan, type FakePlanOptions } from './fakePlanner';

/** A small text-to-image graph: a sampler with numbers and choices, prompts wired to it. */
export const SAMPLER_WORKFLOW = JSON.stringify({
  '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd_xl_base_1.0.safetensors' } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a lighthouse at dusk', clip: ['4', 1] } },
  '3': {
    class_type: 'KSampler',
    _meta: { title: 'Sampler' },
    inputs: {
      model: ['4', 0],
      seed: 42,
      steps: 4,
      cfg: 7.5,
      sampler_name: 'euler',
      positive: ['6', 0],
      add_noise: true,
    },
  },
});

export function textFile(content: string, name: string, type = 'text/plain'): File {
  return workflowFile(content, name, type);
}

export interface NewBatchHostOptions extends FakePlanOptions {
  plan?: Answer;
  start?: Answer;
  /** More answers (assets, templates, uploads), over the defaults. */
  overrides?: Partial<Record<CallName, Answer>>;
}

/** The batches fake, with batches.plan and batches.start; a started batch joins what batches.list answers. */
export function newBatchHost(options: NewBatchHostOptions = {}) {
  let started = 0;
  const startBatch: Answer = (args) => {
    started += 1;
    const batchId = `planned-${started}`;
    const { name, window } = args as { name: string; window: number };
    host.setBatch(
      batchDetail({
        id: batchId,
        name,
        createdAt: '2025-01-02T10:00:00.000Z',
        items: [waitingItem(0, 'pending')],
      }),
    );
    return { ok: true, value: { batchId, state: 'sending', window } };
  };
  const host = fakeBatchesHost({
    batches: [],
    overrides: {
      'batches.plan':
        options.plan ?? ((args) => ({ ok: true, value: fakePlan(args as BatchPlanArgs, options) })),
      'batches.start': options.start ?? startBatch,
      // No saved templates, unless a test keeps some.
      'batches.templates': () => ({ ok: true, value: { templates: [] } }),
      ...options.overrides,
    },
  });
  return host;
}

export type NewBatchHost = ReturnType<typeof newBatchHost>;

/** The Batches screen over `host` (or a test's wrapper of its api), New batch closed and its draft empty. */
export function renderNewBatchHost(host: NewBatchHost, loupe: LoupeApi = host.loupe) {
  act(() => useNewBatch.setState({ open: false, draft: EMPTY_DRAFT }));
  return renderBatches(loupe);
}

/** Opens New batch from the Batches screen's header, as a user would. */
export async function openNewBatch(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'New batch' }));
  return screen.getByTestId('new-batch');
}

/** Picks a workflow file in the screen's picker (the start screen's, or Replace's). */
export async function pickWorkflow(content = SAMPLER_WORKFLOW, name = 'lighthouse.json'): Promise<void> {
  fireEvent.change(screen.getByTestId('new-batch-workflow-input'), {
    target: { files: [workflowFile(content, name)] },
  });
  await screen.findByTestId('workflow-name');
}

export function sweepFields(): HTMLInputElement[] {
  return screen.queryAllByRole<HTMLInputElement>('textbox', { name: /^Sweep \d+$/ });
}

/** The window size every New batch test lays the screen out in (installed for the whole file). */
export function withNewBatchLayout(): void {
  beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
  afterAll(() => fakeLayout.restore());
}

/** Types `text` into a field as one change (what the screen's inputs listen for). */
export function typeInto(field: HTMLElement, text: string): void {
  fireEvent.change(field, { target: { value: text } });
}

export const startButton = (): HTMLButtonElement => screen.getByTestId<HTMLButtonElement>('start-batch');
