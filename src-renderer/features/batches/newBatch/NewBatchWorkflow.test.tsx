import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BatchPlanArgs } from '../../../../src-shared/contract';
import { UI_WORKFLOW } from '../../../test/workflowFiles';
import { useNewBatch } from './newBatchStore';
import {
  newBatchHost,
  openNewBatch,
  pickWorkflow,
  renderNewBatchHost,
  sweepFields,
  withNewBatchLayout,
} from './testing/renderNewBatch';

withNewBatchLayout();

const nodeCard = (id: string) => {
  const card = screen.getByRole('list', { name: 'Workflow nodes' }).querySelector(`[data-node-id="${id}"]`);
  if (!(card instanceof HTMLElement)) throw new Error(`no node ${id}`);
  return card;
};

describe('New batch: the workflow', () => {
  it('opens from the Batches header and with Ctrl+N, and says what to do first', async () => {
    renderNewBatchHost(newBatchHost());
    const view = await openNewBatch();
    expect(within(view).getByRole('heading', { name: 'New batch' })).toBeTruthy();
    expect(within(view).getByRole('heading', { name: 'Start from a workflow' })).toBeTruthy();
    // The screen's first step has the focus; the button that opened it went away with the list.
    expect(document.activeElement).toBe(within(view).getByRole('button', { name: 'Pick a workflow…' }));
    // The list and its keys are not there while planning.
    expect(screen.queryByRole('listbox', { name: 'Batches' })).toBeNull();

    // Nothing edited: Esc closes at once.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('new-batch')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New batch' }));
    fireEvent.keyDown(document.body, { key: 'n', ctrlKey: true });
    expect(await screen.findByTestId('new-batch')).toBeTruthy();
  });

  it('lists each node with the inputs an axis can set, and their values; wired inputs are not offered', async () => {
    const host = newBatchHost();
    renderNewBatchHost(host);
    await openNewBatch();
    await pickWorkflow();
    expect(screen.getByTestId('workflow-name').textContent).toBe('lighthouse.json');
    // The next step has the focus: the first input to vary.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Vary 3.seed (now 42)' }));

    const cards = screen.getByRole('list', { name: 'Workflow nodes' }).querySelectorAll('[data-node-id]');
    expect([...cards].map((card) => card.getAttribute('data-node-id'))).toEqual(['3', '4', '6']);
    const sampler = nodeCard('3');
    expect(sampler.textContent).toContain('KSampler');
    expect(sampler.textContent).toContain('Sampler');
    const offered = [...sampler.querySelectorAll('button[data-target]')].map((button) => button.textContent);
    expect(offered).toEqual([
      'seed42+ vary',
      'steps4+ vary',
      'cfg7.5+ vary',
      'sampler_name"euler"+ vary',
      'add_noisetrue+ vary',
    ]);
    expect(within(sampler).queryByRole('button', { name: /model|positive/ })).toBeNull();
    expect(sampler.textContent).toContain('wired: model, positive');
    expect(
      within(nodeCard('6')).getByRole('button', { name: 'Vary 6.text (now "a lighthouse at dusk")' }),
    ).toBeTruthy();

    // With no axes yet, the plan is the workflow once: asked for with the file's text and name.
    await waitFor(() => expect(host.callsOf('batches.plan')).toHaveLength(1));
    const args = host.callsOf('batches.plan')[0]?.args as BatchPlanArgs;
    expect(args.fileName).toBe('lighthouse.json');
    expect(args.axes).toEqual([]);
    expect(JSON.parse(args.workflowJson)).toHaveProperty('3.class_type', 'KSampler');
    expect((await screen.findByTestId('plan-count')).textContent).toBe('1 item');
  });

  it('clicking an input adds a sweep with a first guess, focused; clicking it again goes back to that sweep', async () => {
    const host = newBatchHost();
    renderNewBatchHost(host);
    await openNewBatch();
    await pickWorkflow();
    const seed = screen.getByRole('button', { name: 'Vary 3.seed (now 42)' });
    fireEvent.click(seed);
    expect(sweepFields().map((field) => field.value)).toEqual(['3.seed=42..45']);
    const field = sweepFields()[0]!;
    expect(document.activeElement).toBe(field);
    // The values are selected, so typing replaces the guess.
    expect([field.selectionStart, field.selectionEnd]).toEqual(['3.seed='.length, field.value.length]);
    expect(seed.dataset.varied).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Vary 3.cfg (now 7.5)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vary 3.add_noise (now true)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Vary 3.sampler_name (now "euler")' }));
    expect(sweepFields().map((input) => input.value)).toEqual([
      '3.seed=42..45',
      '3.cfg=7.5..9:0.5',
      '3.add_noise=true,false',
      '3.sampler_name=euler',
    ]);
    fireEvent.click(seed);
    expect(sweepFields()).toHaveLength(4);
    expect(document.activeElement).toBe(sweepFields()[0]);

    // The preview is asked for once the typing pauses, with the axes as written.
    await waitFor(() =>
      expect((host.callsOf('batches.plan').at(-1)?.args as BatchPlanArgs).axes).toEqual([
        { kind: 'sweep', text: '3.seed=42..45' },
        { kind: 'sweep', text: '3.cfg=7.5..9:0.5' },
        { kind: 'sweep', text: '3.add_noise=true,false' },
        { kind: 'sweep', text: '3.sampler_name=euler' },
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove sweep 2' }));
    expect(sweepFields().map((input) => input.value)).toEqual([
      '3.seed=42..45',
      '3.add_noise=true,false',
      '3.sampler_name=euler',
    ]);
  });

  it('explains an editor save (UI format) with the way out, and asks main for no plan', async () => {
    const host = newBatchHost();
    renderNewBatchHost(host);
    await openNewBatch();
    await pickWorkflow(UI_WORKFLOW, 'editor-save.json');
    const notice = screen.getByTestId('workflow-ui-format');
    expect(notice.textContent).toContain('This is the editor’s saved workflow, not an API workflow');
    expect(notice.textContent).toContain('editor-save.json is the editor’s own save format');
    expect(notice.textContent).toContain('Export (API)');
    expect(screen.queryByRole('list', { name: 'Workflow nodes' })).toBeNull();
    expect(screen.getByTestId('plan-preview').textContent).toContain(
      'Pick an API-format workflow to see what will run.',
    );
    expect(screen.getByTestId<HTMLButtonElement>('start-batch').disabled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(host.callsOf('batches.plan')).toHaveLength(0);
  });

  it('Esc with edits asks before discarding the plan; keeping it keeps everything', async () => {
    renderNewBatchHost(newBatchHost());
    await openNewBatch();
    await pickWorkflow();
    fireEvent.click(screen.getByRole('button', { name: 'Vary 3.seed (now 42)' }));

    // From inside a field, as from anywhere in the screen.
    fireEvent.keyDown(sweepFields()[0]!, { key: 'Escape' });
    const ask = await screen.findByRole('alertdialog', { name: 'Discard this plan?' });
    // The safe answer has the focus; Esc in the dialog answers it.
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Keep planning' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('new-batch')).toBeTruthy();
    expect(sweepFields().map((field) => field.value)).toEqual(['3.seed=42..45']);

    // Cancel asks the same; Discard closes and forgets.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('alertdialog', { name: 'Discard this plan?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('new-batch')).toBeNull());
    expect(useNewBatch.getState().draft.workflow).toBeNull();
    act(() => useNewBatch.getState().openNewBatch());
    expect(await screen.findByRole('heading', { name: 'Start from a workflow' })).toBeTruthy();
  });
});
