// The profile's runs, newest first: opening one, "Run again" (same input and options, a new run) and "Edit
// and run" (the model's form, filled with that input, to change before running).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listboxRow, listboxRowIds } from '../../../test/listboxRows';
import { summaryOf } from '../runCache';
import { argsOf, withModelsLayout } from '../testing/modelPage';
import { ok, renderModels } from '../testing/renderModels';
import { IMAGE_MODEL, runDetail } from '../testing/sampleModels';

withModelsLayout();

const older = runDetail({
  runId: 'run-old',
  createdAt: '2025-01-01T09:00:00.000Z',
  input: { prompt: 'old pier', width: 512, scheduler: 'euler' },
  options: { modelProvider: 'kiln' },
  mode: 'queued',
});
const newer = runDetail({ runId: 'run-new', createdAt: '2025-01-01T11:00:00.000Z', creditsUsed: 2 });

function renderRuns() {
  const details = new Map([older, newer].map((run) => [run.runId, run]));
  return renderModels({
    'models.runs': () => ok({ runs: [summaryOf(newer), summaryOf(older)] }),
    'models.getRun': (args) => ok(details.get((args as { runId: string }).runId)),
    'models.run': () =>
      ok(
        runDetail({
          runId: 'run-again',
          createdAt: '2025-01-01T12:00:00.000Z',
          updatedAt: '2025-01-01T12:00:01.000Z',
        }),
      ),
  });
}

async function openRuns() {
  fireEvent.click(await screen.findByRole('tab', { name: /Runs/ }));
  await waitFor(() => expect(listboxRowIds('Runs', 'runId')).toEqual(['run-new', 'run-old']));
}

describe('the runs list', () => {
  it('lists runs newest first with state, model and credits, and opens one', async () => {
    renderRuns();
    await openRuns();
    const row = listboxRow('Runs', 'runId', 'run-new');
    expect(row.textContent).toContain(IMAGE_MODEL);
    expect(within(row).getByTestId('run-state').textContent).toBe('Completed');
    expect(within(row).getByTestId('run-credits').textContent).toBe('2 credits');
    fireEvent.click(listboxRow('Runs', 'runId', 'run-old'));
    expect((await screen.findByTestId('run-page')).getAttribute('data-run-id')).toBe('run-old');
    expect(screen.getByRole('tree', { name: 'Input sent' }).textContent).toContain('old pier');
  });

  it('runs the same input again as a new run, and opens it', async () => {
    const { calls } = renderRuns();
    await openRuns();
    fireEvent.click(listboxRow('Runs', 'runId', 'run-old'));
    await screen.findByTestId('run-page');
    fireEvent.click(screen.getByRole('button', { name: 'Run again' }));
    await waitFor(() => expect(argsOf(calls, 'models.run')).toHaveLength(1));
    expect(argsOf(calls, 'models.run')[0]).toEqual({
      profileId: 'demo',
      modelId: IMAGE_MODEL,
      input: older.input,
      mode: 'queued',
      options: { modelProvider: 'kiln' },
    });
    await waitFor(() => expect(screen.getByTestId('run-page').getAttribute('data-run-id')).toBe('run-again'));
    expect(argsOf(calls, 'models.retryRun')).toEqual([]);
  });

  it('opens the model’s form filled with the run’s input and options, to edit and run', async () => {
    const { calls } = renderRuns();
    await openRuns();
    fireEvent.click(listboxRow('Runs', 'runId', 'run-old'));
    await screen.findByTestId('run-page');
    fireEvent.click(screen.getByRole('button', { name: 'Edit and run' }));

    const page = await screen.findByTestId('model-page');
    expect(page.getAttribute('data-model-id')).toBe(IMAGE_MODEL);
    // The button went away with the run's page: focus carries on from the model's page, not the top.
    expect(document.activeElement).toBe(page);
    await waitFor(() => expect(screen.getByLabelText<HTMLTextAreaElement>('Prompt').value).toBe('old pier'));
    expect(screen.getByLabelText<HTMLInputElement>('Width').value).toBe('512');
    expect(screen.getByLabelText<HTMLSelectElement>('Scheduler').selectedOptions[0]?.textContent).toBe(
      'euler',
    );
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Queued' }).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Alternate provider').value).toBe('kiln');
    expect(argsOf(calls, 'models.run')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'new pier' } });
    fireEvent.click(screen.getByRole('button', { name: 'Queue run' }));
    await waitFor(() => expect(argsOf(calls, 'models.run')).toHaveLength(1));
    expect(argsOf(calls, 'models.run')[0]).toEqual({
      profileId: 'demo',
      modelId: IMAGE_MODEL,
      input: { prompt: 'new pier', width: 512, scheduler: 'euler' },
      mode: 'queued',
      options: { modelProvider: 'kiln' },
    });
  });
});
