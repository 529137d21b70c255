import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoupeApi } from '../../../../src-preload/buildApi';
import type { BatchPlanArgs } from '../../../../src-shared/contract';
import { workflowFile } from '../../../test/workflowFiles';
import { fakePlan } from './testing/fakePlanner';
import {
  newBatchHost,
  openNewBatch,
  pickWorkflow,
  renderNewBatchHost,
  SAMPLER_WORKFLOW,
  sweepFields,
  textFile,
  withNewBatchLayout,
  typeInto,
} from './testing/renderNewBatch';

withNewBatchLayout();

const type = typeInto;
const lastPlan = (host: ReturnType<typeof newBatchHost>) =>
  host.callsOf('batches.plan').at(-1)?.args as BatchPlanArgs | undefined;

function drop(file: File) {
  const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
  act(() => {
    window.dispatchEvent(Object.assign(new Event('dragenter', { cancelable: true }), { dataTransfer }));
  });
  expect(screen.getByTestId('new-batch-drop').textContent).toContain('Drop a workflow or a CSV table');
  act(() => {
    window.dispatchEvent(Object.assign(new Event('drop', { cancelable: true }), { dataTransfer }));
  });
}

describe('New batch: axes from files, and the preview while typing', () => {
  it('a dropped workflow is planned here, never submitted; a dropped CSV becomes the table axis', async () => {
    const host = newBatchHost();
    renderNewBatchHost(host);
    await openNewBatch();
    drop(workflowFile(SAMPLER_WORKFLOW, 'dropped.json'));
    expect((await screen.findByTestId('workflow-name')).textContent).toBe('dropped.json');
    drop(textFile('3.seed,6.text\n1,kite\n2,dune\n', 'rows.csv', 'text/csv'));
    expect((await screen.findByTestId('table-name')).textContent).toBe('rows.csv');
    await waitFor(() =>
      expect(lastPlan(host)?.axes).toEqual([
        { kind: 'table', csv: '3.seed,6.text\n1,kite\n2,dune\n', name: 'rows.csv' },
      ]),
    );
    expect(host.callsOf('jobs.submit')).toHaveLength(0);
  });

  it('shows a table’s refusal beside the table, and removing the table takes it away', async () => {
    const host = newBatchHost({
      plan: (raw) => {
        const args = raw as BatchPlanArgs;
        return args.axes.some((axis) => axis.kind === 'table')
          ? {
              ok: false,
              error: {
                code: 'invalid_batch_plan',
                message: 'rows.csv: the header names 3.seed twice. Keep one column per input.',
                details: { part: 'table', source: 'rows.csv', row: 0, line: 1 },
              },
            }
          : { ok: true, value: fakePlan(args) };
      },
    });
    renderNewBatchHost(host);
    await openNewBatch();
    await pickWorkflow();
    fireEvent.change(screen.getByTestId('new-batch-table-input'), {
      target: { files: [textFile('3.seed,3.seed\n1,2\n', 'rows.csv', 'text/csv')] },
    });
    const table = screen.getByTestId('table-axis');
    await waitFor(() => expect(within(table).getByRole('alert').textContent).toContain('names 3.seed twice'));
    expect(screen.getByTestId('plan-error').textContent).toContain('see the message beside the table');

    fireEvent.click(within(table).getByRole('button', { name: 'Remove table' }));
    await waitFor(() => expect(screen.getByTestId('plan-count').textContent).toBe('1 item'));
    expect(within(screen.getByTestId('table-axis')).queryByRole('alert')).toBeNull();
  });

  it('a text file’s lines become a sweep’s values, each line one value', async () => {
    renderNewBatchHost(newBatchHost());
    await openNewBatch();
    await pickWorkflow();
    fireEvent.click(screen.getByRole('button', { name: 'Vary 6.text (now "a lighthouse at dusk")' }));
    fireEvent.change(screen.getByLabelText('Values for Sweep 1 from a text file'), {
      target: { files: [textFile('a red kite\n\nkites, at noon\n', 'prompts.txt')] },
    });
    await waitFor(() => expect(sweepFields()[0]?.value).toBe('6.text=a red kite,kites\\, at noon'));
  });

  it('asks once the typing pauses, and keeps the last answer on screen until the next one is in', async () => {
    const host = newBatchHost();
    // Answers wait for the test's word once it holds them, so the screen can be seen while one is on its way.
    let held: Promise<void> | null = null;
    let release: () => void = () => undefined;
    const loupe: LoupeApi = {
      ...host.loupe,
      batches: {
        ...host.loupe.batches,
        plan: async (args) => {
          const result = await host.loupe.batches.plan(args);
          if (held !== null) await held;
          return result;
        },
      },
    };
    renderNewBatchHost(host, loupe);
    await openNewBatch();
    await pickWorkflow();
    fireEvent.click(screen.getByRole('button', { name: '+ Add a sweep' }));
    const field = sweepFields()[0]!;
    type(field, '3.seed=1..2');
    await waitFor(() => expect(screen.getByTestId('plan-count').textContent).toBe('2 items'));

    // Three changes in a row: one question, for the last of them.
    held = new Promise((resolve) => {
      release = resolve;
    });
    const asked = host.callsOf('batches.plan').length;
    type(field, '3.seed=1..3');
    type(field, '3.seed=1..4');
    type(field, '3.seed=1..5');
    await waitFor(() => expect(host.callsOf('batches.plan')).toHaveLength(asked + 1));
    expect(lastPlan(host)?.axes).toEqual([{ kind: 'sweep', text: '3.seed=1..5' }]);
    // While it is answered, the last answer stays, marked as being brought up to date, and Start waits.
    expect(screen.getByTestId('plan-count').textContent).toBe('2 items');
    expect(within(screen.getByTestId('plan-preview')).getByRole('status').textContent).toBe(' Updating…');
    expect(screen.getByTestId<HTMLButtonElement>('start-batch').disabled).toBe(true);

    act(() => release());
    await waitFor(() => expect(screen.getByTestId('plan-count').textContent).toBe('5 items'));
    expect(host.callsOf('batches.plan')).toHaveLength(asked + 1);
    expect(screen.getByTestId<HTMLButtonElement>('start-batch').disabled).toBe(false);
  });
});
