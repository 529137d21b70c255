// A queued run on its model's page: admitted with its place in the queue, then moving (from models.updates)
// to in progress and on to its answer; or cancelled, after a question that says what it may still cost.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouterRunDetail } from '../../../../src-shared/contracts/models';
import { summaryOf } from '../runCache';
import { argsOf, openModel, withModelsLayout } from '../testing/modelPage';
import { ok, renderModels } from '../testing/renderModels';
import { IMAGE_MODEL, runDetail } from '../testing/sampleModels';

withModelsLayout();

const queued = (overrides: Partial<RouterRunDetail>) =>
  runDetail({
    runId: 'q-1',
    mode: 'queued',
    state: 'in_queue',
    queuePosition: 2,
    output: null,
    creditsUsed: null,
    updatedAt: '2025-01-01T10:00:01.000Z',
    ...overrides,
  });

async function queueOne(host: ReturnType<typeof renderModels>) {
  await openModel(IMAGE_MODEL);
  fireEvent.click(screen.getByRole('radio', { name: 'Queued' }));
  // Fallback is for synchronous runs only.
  expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Fallback/ }).disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('Prompt'), { target: { value: 'slow tide' } });
  fireEvent.click(screen.getByRole('button', { name: 'Queue run' }));
  await waitFor(() => expect(argsOf(host.calls, 'models.run')).toHaveLength(1));
  expect(argsOf(host.calls, 'models.run')[0]).toMatchObject({ mode: 'queued', options: {} });
  return screen.findByTestId('run-progress');
}

describe('a queued run', () => {
  it('shows its place in the queue, then in progress, then its answer, as models.updates says', async () => {
    let current = queued({});
    const host = renderModels({ 'models.run': () => ok(current), 'models.getRun': () => ok(current) });
    const progress = await queueOne(host);
    expect(progress.getAttribute('data-state')).toBe('in_queue');
    expect(within(progress).getByTestId('queue-position').textContent).toBe('· position 2 (2 runs ahead)');

    current = queued({ queuePosition: 0, updatedAt: '2025-01-01T10:00:02.000Z' });
    host.emit('models.updates', { runs: [summaryOf(current)], spend: null });
    await waitFor(() =>
      expect(screen.getByTestId('queue-position').textContent).toBe('· position 0 (Next in line)'),
    );

    current = queued({ state: 'in_progress', queuePosition: null, updatedAt: '2025-01-01T10:00:03.000Z' });
    host.emit('models.updates', { runs: [summaryOf(current)], spend: null });
    await waitFor(() =>
      expect(screen.getByTestId('run-progress').getAttribute('data-state')).toBe('in_progress'),
    );
    expect(screen.getByTestId('run-progress').textContent).toContain('In progress');
    expect(screen.queryByTestId('queue-position')).toBeNull();

    current = queued({
      state: 'completed',
      queuePosition: null,
      creditsUsed: 4,
      output: { images: [], seed: 3 },
      updatedAt: '2025-01-01T10:00:04.000Z',
    });
    host.emit('models.updates', { runs: [summaryOf(current)], spend: null });
    // The summary has no output: the run is read again for it.
    await screen.findByTestId('run-result');
    expect(screen.queryByTestId('run-progress')).toBeNull();
    expect(screen.getByTestId('credits-used').textContent).toBe('4 credits used');
  });

  it('is cancelled only after saying it may still be charged, through models.cancelRun', async () => {
    let current = queued({});
    const host = renderModels({
      'models.run': () => ok(current),
      'models.getRun': () => ok(current),
      'models.cancelRun': () => {
        current = queued({
          state: 'cancelled',
          queuePosition: null,
          cancelRequested: true,
          cancelAfterStart: true,
          updatedAt: '2025-01-01T10:00:09.000Z',
        });
        return ok(current);
      },
    });
    await queueOne(host);
    current = queued({ state: 'in_progress', queuePosition: null, updatedAt: '2025-01-01T10:00:03.000Z' });
    host.emit('models.updates', { runs: [summaryOf(current)], spend: null });
    await waitFor(() =>
      expect(screen.getByTestId('run-progress').getAttribute('data-state')).toBe('in_progress'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Cancel run' }));
    const dialog = screen.getByTestId('cancel-run-dialog');
    expect(dialog.textContent).toContain('may still be charged');
    // The safe answer has the focus, and keeps the run.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(argsOf(host.calls, 'models.cancelRun')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel run' }));
    fireEvent.click(
      within(screen.getByTestId('cancel-run-dialog')).getByRole('button', { name: 'Cancel run' }),
    );
    await waitFor(() =>
      expect(argsOf(host.calls, 'models.cancelRun')).toEqual([{ profileId: 'demo', runId: 'q-1' }]),
    );
    const note = await screen.findByTestId('run-cancelled');
    expect(note.textContent).toContain('Cancelled.');
    // The Router took the cancel of a run it had started: what happened, not the queue's "not charged".
    expect(note.textContent).toContain('already running');
    expect(note.textContent).toContain('may be charged');
    expect(note.textContent).not.toContain('not charged');
    expect(screen.queryByRole('button', { name: 'Cancel run' })).toBeNull();
  });
});
