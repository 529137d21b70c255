// Templates on New batch: "Save as template…" keeps the plan as batches.start would get it (inputs axes
// included, in order), and opening the template from the first screen brings the same axes back and plans
// them again.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BatchTemplate } from '../../../../src-shared/contract';
import {
  bindButton,
  idOf,
  inputsHost,
  lastPlan,
  LOAD_IMAGE_WORKFLOW,
  MANY_STEPS,
  option,
  pickerWithList,
  renderInputs,
} from './testing/inputsKit';
import {
  openNewBatch,
  pickWorkflow,
  sweepFields,
  typeInto,
  withNewBatchLayout,
} from './testing/renderNewBatch';

withNewBatchLayout();

describe('New batch: templates', () => {
  it(
    'saves a plan with its inputs axis and opens it again with the same axes',
    async () => {
      const host = inputsHost();
      renderInputs(host.loupe);
      await openNewBatch();
      // Nothing saved yet: the first screen says where templates come from.
      expect(await screen.findByText(/Plans saved with “Save as template…” are listed here/)).toBeTruthy();
      await pickWorkflow(LOAD_IMAGE_WORKFLOW, 'relight.json');
      fireEvent.click(screen.getByRole('button', { name: '+ Add a sweep' }));
      typeInto(sweepFields()[0]!, '3.seed=1..2');
      await pickerWithList();
      fireEvent.click(option('dune.png'));
      fireEvent.click(option('kite.png'));
      fireEvent.click(bindButton());
      typeInto(screen.getByRole('textbox', { name: 'Repeat' }), '2');
      await waitFor(() => expect(screen.getByTestId('plan-count').textContent).toBe('8 items'));

      fireEvent.click(screen.getByRole('button', { name: 'Save as template…' }));
      const ask = await screen.findByRole('dialog', { name: 'Save as template' });
      const name = within(ask).getByRole('textbox', { name: 'Template name' });
      expect((name as HTMLInputElement).value).toBe('relight');
      typeInto(name, 'Relight study');
      fireEvent.click(within(ask).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(screen.getByTestId('template-saved').textContent).toBe('Saved as “Relight study”'),
      );
      const axes = [
        { kind: 'sweep', text: '3.seed=1..2' },
        { kind: 'inputs', target: '10.image', assetIds: [idOf('dune.png'), idOf('kite.png')] },
      ];
      const saved = host.callsOf('batches.saveTemplate')[0]?.args as {
        name: string;
        plan: BatchTemplate['plan'];
      };
      expect(saved.name).toBe('Relight study');
      expect(saved.plan).toEqual({
        workflowJson: LOAD_IMAGE_WORKFLOW,
        fileName: 'relight.json',
        axes,
        repeat: 2,
        window: 4,
      });
      // Saving sends nothing to the service.
      expect(host.callsOf('batches.start')).toHaveLength(0);

      // Close (and discard), open New batch again, open the template.
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
      await waitFor(() => expect(screen.queryByTestId('new-batch')).toBeNull());
      await openNewBatch();
      const before = host.callsOf('batches.plan').length;
      fireEvent.click(await screen.findByRole('button', { name: 'Open template Relight study' }));

      expect((await screen.findByTestId('workflow-name')).textContent).toBe('relight.json');
      expect(sweepFields().map((field) => field.value)).toEqual(['3.seed=1..2']);
      const row = screen.getByTestId('inputs-axis');
      expect(within(row).getByTestId('inputs-target').textContent).toBe('10.image');
      expect(within(row).getByTestId('inputs-count').textContent).toBe('2 assets');
      expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Relight study');
      await waitFor(() => expect(screen.getByTestId('plan-count').textContent).toBe('8 items'));
      expect(host.callsOf('batches.plan').length).toBeGreaterThan(before);
      expect(lastPlan(host)?.axes).toEqual(axes);

      // Editing the opened axis shows the same assets, in the same order.
      fireEvent.click(screen.getByRole('button', { name: 'Edit files 1' }));
      const edit = await screen.findByRole('dialog', { name: 'Edit the bound files' });
      await within(edit).findByRole('listbox');
      expect(within(option('dune.png')).getByTestId('pick-order').textContent).toBe('1');
      expect(within(option('kite.png')).getByTestId('pick-order').textContent).toBe('2');
    },
    MANY_STEPS,
  );
});
