import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BatchPlanArgs } from '../../../../src-shared/contract';
import { useBatchesUi } from '../batchesUiStore';
import { listedBatchIds } from '../testing/renderBatches';
import { useNewBatch } from './newBatchStore';
import { fakePlan } from './testing/fakePlanner';
import {
  newBatchHost,
  openNewBatch,
  pickWorkflow,
  renderNewBatchHost,
  sweepFields,
  withNewBatchLayout,
  typeInto,
  startButton,
} from './testing/renderNewBatch';

withNewBatchLayout();

const type = typeInto;

async function planWithSweeps(...texts: string[]) {
  await openNewBatch();
  await pickWorkflow();
  for (const text of texts) {
    fireEvent.click(screen.getByRole('button', { name: '+ Add a sweep' }));
    type(sweepFields().at(-1)!, text);
  }
}

describe('New batch: the preview and Start', () => {
  it('shows the count, the columns, the first items, the problems with their cells marked', async () => {
    const host = newBatchHost({
      problems: [
        {
          kind: 'above_max',
          target: '3.cfg',
          itemIndex: 1,
          message: '3.cfg is 40 on item 2, but KSampler takes at most 30.',
        },
      ],
    });
    renderNewBatchHost(host);
    await planWithSweeps('3.seed=1..12', '3.cfg=7,40');

    await waitFor(() => expect(screen.getByTestId('plan-count').textContent).toBe('24 items'));
    const columns = screen.getAllByTestId('plan-column').map((column) => column.textContent);
    expect(columns).toEqual(['3.seed12 values', '3.cfg2 values']);
    expect(screen.getByTestId('plan-checked').textContent).toBe('values checked against the service’s nodes');

    const table = screen.getByRole('table', { name: 'First items' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', '3.seed', '3.cfg']);
    const rows = within(table).getAllByTestId('plan-item');
    expect(rows).toHaveLength(20);
    expect(rows[1]!.textContent).toBe('2140 (the service will refuse it)');
    expect(screen.getByTestId('plan-more').textContent).toBe('…and 4 more items');

    // The problem names its item, and its cell is marked with the message on hover.
    const problem = screen.getByTestId('plan-problem');
    expect(problem.textContent).toBe('Item 2 · 3.cfg is 40 on item 2, but KSampler takes at most 30.');
    const marked = table.querySelectorAll('[data-problem="true"]');
    expect(marked).toHaveLength(1);
    expect(marked[0]!.closest('tr')?.getAttribute('data-index')).toBe('1');
    expect(marked[0]!.getAttribute('data-target')).toBe('3.cfg');
    expect(marked[0]!.getAttribute('title')).toBe('3.cfg is 40 on item 2, but KSampler takes at most 30.');
    expect(marked[0]!.className).toContain('text-state-failed');
  });

  it('says so when the service does not describe its nodes', async () => {
    renderNewBatchHost(newBatchHost({ checked: false }));
    await planWithSweeps('3.seed=1..3');
    expect((await screen.findByTestId('plan-checked')).textContent).toBe(
      'not checked: this service does not describe its nodes',
    );
  });

  it('shows the planner’s refusal beside the axis it names, and Start waits until it is fixed', async () => {
    const host = newBatchHost({
      plan: (raw) => {
        const args = raw as BatchPlanArgs;
        const bad = args.axes.find((axis) => axis.kind === 'sweep' && axis.text.includes('x'));
        if (bad?.kind === 'sweep') {
          return {
            ok: false,
            error: {
              code: 'invalid_batch_plan',
              message: `${bad.text.trim()}: "x" is not a number, and 3.cfg holds a number. Write a number, like 7 or 7.5.`,
              details: { part: 'sweep', source: bad.text.trim(), target: '3.cfg', value: 'x' },
            },
          };
        }
        return { ok: true, value: fakePlan(args) };
      },
    });
    renderNewBatchHost(host);
    await planWithSweeps('3.seed=1..2', ' 3.cfg=5,x ');

    const second = screen.getAllByTestId('sweep')[1]!;
    await waitFor(() =>
      expect(within(second).getByRole('alert').textContent).toContain('"x" is not a number'),
    );
    expect(within(screen.getAllByTestId('sweep')[0]!).queryByRole('alert')).toBeNull();
    expect(sweepFields()[1]!.getAttribute('aria-invalid')).toBe('true');
    // The code stays one click away.
    fireEvent.click(within(second).getByRole('button', { name: 'Details' }));
    expect(second.textContent).toContain('code: invalid_batch_plan');
    expect(screen.getByTestId('plan-error').textContent).toBe(
      'This plan cannot run as it is: see the message beside the sweep it names.',
    );
    expect(startButton().disabled).toBe(true);

    type(sweepFields()[1]!, '3.cfg=5,7');
    expect(startButton().disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId('plan-count').textContent).toBe('4 items'));
    expect(within(screen.getAllByTestId('sweep')[1]!).queryByRole('alert')).toBeNull();
    expect(startButton().disabled).toBe(false);
  });

  it('Start sends the plan with its name and window, then opens the new batch on the Batches screen', async () => {
    const host = newBatchHost();
    renderNewBatchHost(host);
    await planWithSweeps('3.seed=1..4', '3.cfg=5,7');
    type(screen.getByRole('textbox', { name: 'At a time' }), '6');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('lighthouse');
    await waitFor(() => expect(startButton().disabled).toBe(false));
    expect(screen.getByTestId('start-note').textContent).toBe('Sends 8 jobs, 6 at a time.');
    expect(startButton().type).toBe('submit');

    // The list last saw another profile (a switch while planning): the new batch still opens.
    act(() => {
      useBatchesUi.setState({ profileId: 'demo' });
    });
    // Enter in a field submits the form, as the Start button does.
    fireEvent.submit(screen.getByRole('form', { name: 'Batch plan' }));
    await waitFor(() => expect(host.callsOf('batches.start')).toHaveLength(1));
    const args = host.callsOf('batches.start')[0]?.args as BatchPlanArgs & { name: string; window: number };
    expect(args).toEqual({
      profileId: 'local',
      workflowJson: expect.stringContaining('KSampler') as unknown,
      fileName: 'lighthouse.json',
      axes: [
        { kind: 'sweep', text: '3.seed=1..4' },
        { kind: 'sweep', text: '3.cfg=5,7' },
      ],
      name: 'lighthouse',
      window: 6,
    });

    await waitFor(() => expect(screen.queryByTestId('new-batch')).toBeNull());
    expect(useBatchesUi.getState().openBatchId).toBe('planned-1');
    expect(useNewBatch.getState().draft.workflow).toBeNull();
    await waitFor(() => expect(listedBatchIds()).toEqual(['planned-1']));
    expect((await screen.findByTestId('batch-detail')).dataset.batchId).toBe('planned-1');
  });

  it('sends zip and repeat with the plan; a repeat that is not a whole number is marked and not sent', async () => {
    const host = newBatchHost();
    renderNewBatchHost(host);
    await planWithSweeps('3.seed=1..2', '3.cfg=5,7');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Zip the axes' }));
    const repeat = screen.getByRole('textbox', { name: 'Repeat' });
    type(repeat, '3');
    await waitFor(() =>
      expect(host.callsOf('batches.plan').at(-1)?.args).toMatchObject({ zip: true, repeat: 3 }),
    );

    const asked = host.callsOf('batches.plan').length;
    type(repeat, '2.5');
    expect(repeat.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Repeat is a whole number from 1 to 10,000.')).toBeTruthy();
    expect(screen.getByTestId('plan-preview').textContent).toContain('Fix the fields marked in red');
    expect(startButton().disabled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(host.callsOf('batches.plan')).toHaveLength(asked);
  });

  it('asks before sending more than 500 jobs, saying how many', async () => {
    const host = newBatchHost();
    renderNewBatchHost(host);
    await planWithSweeps('3.seed=1..600');
    await waitFor(() => expect(startButton().disabled).toBe(false));
    fireEvent.click(startButton());
    const ask = await screen.findByRole('alertdialog', { name: 'Send 600 jobs?' });
    expect(ask.textContent).toContain('This batch sends 600 jobs to the service, 4 at a time.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(host.callsOf('batches.start')).toHaveLength(0);
    expect(screen.getByTestId('new-batch')).toBeTruthy();

    fireEvent.click(startButton());
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Send 600 jobs?' })).getByRole('button', {
        name: 'Send 600 jobs',
      }),
    );
    await waitFor(() => expect(host.callsOf('batches.start')).toHaveLength(1));
  });

  it('keeps the plan and says why when Start is refused', async () => {
    const host = newBatchHost({
      start: () => ({ ok: false, error: { code: 'transport_lost', message: 'The connection dropped.' } }),
    });
    renderNewBatchHost(host);
    await planWithSweeps('3.seed=1..2');
    await waitFor(() => expect(startButton().disabled).toBe(false));
    fireEvent.click(startButton());
    const alert = await screen.findByText(/Loupe could not start this batch: The connection dropped\./);
    expect(alert).toBeTruthy();
    expect(screen.getByTestId('new-batch')).toBeTruthy();
    expect(sweepFields().map((field) => field.value)).toEqual(['3.seed=1..2']);
  });
});
