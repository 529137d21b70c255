// New batch's opt-in retry of failures that look transient: off by default (nothing extra sent), on it
// offers 3 attempts, takes 2 to 10, marks anything else and holds Start, and Start sends it as autoRetry.
// Start's answer says where sending stands: the new batch's controls show it at once.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
const checkbox = () =>
  screen.getByRole<HTMLInputElement>('checkbox', {
    name: 'Retry failures that look transient (worker lost, out of memory)',
  });
const attempts = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Attempts per item' });

async function plan() {
  await openNewBatch();
  await pickWorkflow();
  fireEvent.click(screen.getByRole('button', { name: '+ Add a sweep' }));
  type(sweepFields().at(-1)!, '3.seed=1..4');
  await waitFor(() => expect(startButton().disabled).toBe(false));
}

describe('New batch: retrying transient failures', () => {
  it('is off by default, and Start then sends no autoRetry', async () => {
    const host = newBatchHost();
    renderNewBatchHost(host);
    await plan();
    expect(checkbox().checked).toBe(false);
    expect(attempts().disabled).toBe(true);
    expect(attempts().value).toBe('3');
    fireEvent.click(startButton());
    await waitFor(() => expect(host.callsOf('batches.start')).toHaveLength(1));
    expect(host.callsOf('batches.start')[0]?.args).not.toHaveProperty('autoRetry');
  });

  it('sends the attempts chosen, 2 to 10, and holds Start on anything else', async () => {
    const host = newBatchHost();
    renderNewBatchHost(host);
    await plan();
    fireEvent.click(checkbox());
    expect(attempts().disabled).toBe(false);
    expect(screen.getByTestId('start-note').textContent).toBe(
      'Sends 4 jobs, 4 at a time, up to 3 attempts each.',
    );

    type(attempts(), '11');
    expect(attempts().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('A whole number of attempts from 2 to 10.')).toBeTruthy();
    expect(startButton().disabled).toBe(true);
    expect(screen.getByTestId('start-note').textContent).toBe(
      'Fix the number of attempts, or turn retrying off.',
    );

    type(attempts(), '5');
    await waitFor(() => expect(startButton().disabled).toBe(false));
    fireEvent.click(startButton());
    await waitFor(() => expect(host.callsOf('batches.start')).toHaveLength(1));
    expect(host.callsOf('batches.start')[0]?.args).toMatchObject({ autoRetry: 5, window: 4 });

    // No call reads the sending state: the start's own answer is what the opened batch shows.
    const controls = await screen.findByRole('group', { name: 'Sending' });
    expect(controls.dataset.sending).toBe('sending');
    expect(screen.getByTestId('sending-toggle').textContent).toBe('Pause');
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'At a time' }).value).toBe('4');
    expect(host.callsOf('batches.control')).toHaveLength(0);
  });
});
