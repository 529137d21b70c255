// The open batch's sending controls over the fake host: Pause and Resume (one button, the focus kept on it),
// Cancel behind a question that counts the jobs it stops, the window sent once typing stops, each showing the
// state main answered; busy while a call is out, errors in words. Elapsed time and the estimate beside them.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoupeApi } from '../../../src-preload/buildApi';
import type { BatchSending } from '../../../src-shared/contract';
import type { CallResult } from '../../../src-shared/protocol';
import { fakeLayout } from '../../test/fakeLayout';
import { controlAnswers, type ControlAnswersOptions } from './testing/fakeBatchControls';
import { batchDetail, createdItem, fakeBatchesHost, jobSnapshot, waitingItem } from './testing/fakeBatches';
import { listedBatch, listedBatchIds, renderBatches, resetBatchesUi } from './testing/renderBatches';

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => resetBatchesUi());
afterEach(() => vi.useRealTimers());

const CREATED = '2025-01-01T11:00:00.000Z';

/** Six items: two done, one running, one queued, two waiting to be sent. */
function runningBatch() {
  const job = (id: string, status: 'succeeded' | 'running' | 'queued') =>
    jobSnapshot({ id, status, submittedByUs: true, createdAt: CREATED });
  return batchDetail({
    id: 'sweep',
    name: 'Seed sweep',
    createdAt: CREATED,
    items: [
      createdItem(0, job('job-1', 'succeeded')),
      createdItem(1, job('job-2', 'succeeded')),
      createdItem(2, job('job-3', 'running')),
      createdItem(3, job('job-4', 'queued')),
      waitingItem(4, 'pending'),
      waitingItem(5, 'pending'),
    ],
  });
}

function sendingHost(options: ControlAnswersOptions = {}) {
  const controls = controlAnswers(options);
  return fakeBatchesHost({ batches: [runningBatch()], overrides: controls.answers });
}

async function openSweep(loupe: LoupeApi): Promise<HTMLElement> {
  renderBatches(loupe);
  await waitFor(() => expect(listedBatchIds()).toEqual(['sweep']));
  fireEvent.click(listedBatch('sweep'));
  return screen.findByRole('group', { name: 'Sending' });
}

const toggle = () => screen.getByTestId('sending-toggle');
const stateWords = () => screen.queryByTestId('sending-state')?.textContent ?? null;

describe('sending controls', () => {
  it('Resume and Pause call batches.control and show the state main answered, the focus kept on the button', async () => {
    const host = sendingHost();
    const controls = await openSweep(host.loupe);
    // Nothing has said where sending stands yet: items wait, so Resume is offered (harmless if it is sending).
    expect(controls.dataset.sending).toBe('not-known');
    expect(stateWords()).toBeNull();
    expect(toggle().textContent).toBe('Resume');

    toggle().focus();
    fireEvent.click(toggle());
    await waitFor(() => expect(stateWords()).toBe('Sending'));
    expect(host.callsOf('batches.control').map((call) => call.args)).toEqual([
      { profileId: 'local', batchId: 'sweep', action: 'resume' },
    ]);
    expect(toggle().textContent).toBe('Pause');
    expect(document.activeElement).toBe(toggle());
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'At a time' }).value).toBe('4');

    fireEvent.click(toggle());
    await waitFor(() => expect(stateWords()).toBe('Paused'));
    expect(host.callsOf('batches.control').at(-1)?.args).toEqual({
      profileId: 'local',
      batchId: 'sweep',
      action: 'pause',
    });
    expect(toggle().textContent).toBe('Resume');
    expect(document.activeElement).toBe(toggle());
    // Paused: two items are done, but nothing moves, so there is no estimate to give.
    expect(screen.getByTestId('batch-eta').textContent).toBe('time left —');
  });

  it('reads where sending stands when the batch opens: main is sending it, so Pause shows with its window', async () => {
    const host = sendingHost({ sendingAtOpen: 'sending' });
    const controls = await openSweep(host.loupe);
    await waitFor(() => expect(stateWords()).toBe('Sending'));
    expect(controls.dataset.sending).not.toBe('not-known');
    expect(toggle().textContent).toBe('Pause');
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'At a time' }).value).toBe('3');
    expect(host.callsOf('batches.sending').map((call) => call.args)).toContainEqual({
      profileId: 'local',
      batchId: 'sweep',
    });
    expect(host.callsOf('batches.control')).toEqual([]);
  });

  it('a batch that paused by itself says why, and offers Resume', async () => {
    const reason = 'The disk is full, so Loupe cannot record what it sends.';
    const host = sendingHost({ sendingAtOpen: 'paused', reasonAtOpen: reason });
    await openSweep(host.loupe);
    await waitFor(() => expect(stateWords()).toBe(`Paused: ${reason}`));
    expect(toggle().textContent).toBe('Resume');
  });

  it('a sending batch held back by a locked keychain says so and what to do, and still offers Pause', async () => {
    const retryAt = Date.now() + 4_200;
    const host = sendingHost({
      sendingAtOpen: 'sending',
      waitingAtOpen: { reason: 'keychain_locked', retryAt },
    });
    await openSweep(host.loupe);
    await waitFor(() =>
      expect(stateWords()).toMatch(
        /^Waiting: the keychain holding this profile's API key is locked; unlock it to go on \(trying again in [1-5] s\)$/,
      ),
    );
    expect(toggle().textContent).toBe('Pause');
  });

  it('a sending batch held back by a full queue says so', async () => {
    const host = sendingHost({
      sendingAtOpen: 'sending',
      waitingAtOpen: { reason: 'queue_full', retryAt: Date.now() - 1 },
    });
    await openSweep(host.loupe);
    await waitFor(() => expect(stateWords()).toBe("Waiting: the service's queue is full (trying again now)"));
  });

  it('a batch another Loupe sends is followed here: who sends it, and no Resume or window to fight over', async () => {
    const who = 'Sent by another Loupe on this computer (process 4242).';
    const host = sendingHost({ sendingAtOpen: 'elsewhere', reasonAtOpen: who });
    await openSweep(host.loupe);
    await waitFor(() => expect(stateWords()).toBe(who));
    expect(screen.queryByTestId('sending-toggle')).toBeNull();
    expect(screen.queryByRole('spinbutton', { name: 'At a time' })).toBeNull();
    // Cancel stays: stopping the jobs is recorded in the store, which the other sender reads.
    expect(screen.getByTestId('sending-cancel')).toBeTruthy();
  });

  it('Cancel asks first, counting the queued and running jobs it stops, and only then calls', async () => {
    const host = sendingHost();
    await openSweep(host.loupe);
    const cancel = screen.getByTestId('sending-cancel');
    expect(cancel.tagName).toBe('BUTTON');
    fireEvent.click(cancel);
    const ask = screen.getByRole('alertdialog', {
      name: 'Stop sending and cancel the 2 queued or running jobs?',
    });
    // The safe answer has the focus: Enter keeps the batch going.
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Keep going' }));
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep going' }));
    expect(host.callsOf('batches.control')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('sending-cancel'));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel batch' }));
    await waitFor(() => expect(stateWords()).toBe('Canceled'));
    expect(host.callsOf('batches.control').map((call) => call.args)).toEqual([
      { profileId: 'local', batchId: 'sweep', action: 'cancel' },
    ]);
    // A canceled batch sends nothing more: no Resume, no second Cancel, no window.
    expect(screen.queryByTestId('sending-toggle')).toBeNull();
    expect(screen.queryByTestId('sending-cancel')).toBeNull();
    expect(screen.queryByRole('spinbutton', { name: 'At a time' })).toBeNull();
  });

  it('sends a new window once the typing stops, and never one out of bounds', async () => {
    const host = sendingHost();
    await openSweep(host.loupe);
    const field = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'At a time' });
    fireEvent.change(field, { target: { value: '1' } });
    fireEvent.change(field, { target: { value: '12' } });
    await waitFor(() => expect(host.callsOf('batches.control')).toHaveLength(1), { timeout: 2_000 });
    expect(host.callsOf('batches.control')[0]?.args).toEqual({
      profileId: 'local',
      batchId: 'sweep',
      action: 'window',
      window: 12,
    });

    fireEvent.change(field, { target: { value: '65' } });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('1 to 64')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(host.callsOf('batches.control')).toHaveLength(1);
  });

  it('marks the button busy while the call is out, and says in words when it fails', async () => {
    const host = sendingHost({
      controlError: { code: 'batch_not_found', message: 'There is no such batch.' },
    });
    let release: (result: CallResult<BatchSending>) => void = () => undefined;
    const loupe: LoupeApi = {
      ...host.loupe,
      batches: {
        ...host.loupe.batches,
        control: (args) => {
          host.calls.push({ name: 'batches.control', args });
          return new Promise((resolve) => (release = resolve));
        },
      },
    };
    await openSweep(loupe);
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().textContent).toBe('Resuming…'));
    expect(toggle().getAttribute('aria-busy')).toBe('true');
    // Busy, not disabled: the focus stays; a second press sends nothing.
    expect(toggle().hasAttribute('disabled')).toBe(false);
    fireEvent.click(toggle());
    expect(host.callsOf('batches.control')).toHaveLength(1);

    act(() => release({ ok: false, error: { code: 'batch_not_found', message: 'There is no such batch.' } }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Loupe could not resume sending: There is no such batch.');
    expect(toggle().textContent).toBe('Resume');
  });

  it('counts the elapsed time each second and estimates the rest from the items finished so far', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2025-01-01T11:10:00.000Z') });
    const host = sendingHost();
    await openSweep(host.loupe);
    // Ten minutes for two of six items: four more take about twenty.
    expect(screen.getByTestId('batch-elapsed').textContent).toBe('Elapsed 10 min 00 s');
    expect(screen.getByTestId('batch-eta').textContent).toBe('about 20 min 00 s left');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByTestId('batch-elapsed').textContent).toMatch(/^Elapsed 10 min 0[34] s$/);
  });
});
