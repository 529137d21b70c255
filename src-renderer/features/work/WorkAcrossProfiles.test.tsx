// What runs on profiles the window is not showing, as the app shows it: the status bar's words (a click shows
// that profile), the picker's lines, failures marked as seen for the profile shown, and a notice of a job
// ending elsewhere that names its profile.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFinishNotices } from '../../hooks/jobFinishNotices';
import { useTransportState } from '../../transport/transportState';
import { useUiStore } from '../../stores/uiStore';
import { fakeHost } from '../../test/fakeHost';
import { fakeNotifier } from '../../test/fakeNotifier';
import { renderApp } from '../../test/renderApp';
import { createBatchFinishNotices } from '../batches/batchFinishNotices';

let notifier: ReturnType<typeof fakeNotifier>;
beforeEach(() => {
  useUiStore.setState({ section: 'settings', theme: 'dark' });
  useTransportState.setState({ state: 'connected' });
  notifier = fakeNotifier('granted');
});
afterEach(() => notifier.restore());

const demoWork = {
  profileId: 'demo',
  batchesSending: 1,
  jobsInFlight: 2,
  failuresSinceLooked: 1,
  sent: { done: 3, total: 10 },
};

describe('work across profiles', () => {
  it('says on the status bar and in the picker what runs on a profile not shown, and shows it on a click', async () => {
    const host = fakeHost();
    renderApp(host.loupe);
    await screen.findByTestId('active-profile');
    await waitFor(() => expect(host.calls.some((c) => c.name === 'profiles.markLooked')).toBe(true));
    expect(host.calls.find((c) => c.name === 'profiles.markLooked')?.args).toEqual({ profileId: 'local' });
    expect(screen.queryByTestId('work-elsewhere')).toBeNull();

    act(() => {
      expect(host.setWork([demoWork])).toBe(1);
    });
    const elsewhere = await screen.findByTestId('work-elsewhere');
    expect(elsewhere.textContent).toContain('1 batch sending on Demo server');
    const line = screen.getByRole('button', { name: /Demo server/, description: 'Show this profile' });
    expect(line.textContent).toContain('1 batch sending (3 of 10) · 2 jobs running · 1 failure');

    fireEvent.click(elsewhere);
    await waitFor(() =>
      expect(host.calls).toContainEqual({ name: 'profiles.setActive', args: { profileId: 'demo' } }),
    );
    // Shown now: its failures are seen, and the status bar no longer calls its work "elsewhere".
    await waitFor(() =>
      expect(host.calls).toContainEqual({ name: 'profiles.markLooked', args: { profileId: 'demo' } }),
    );
    await waitFor(() => expect(screen.queryByTestId('work-elsewhere')).toBeNull());
    act(() => {
      expect(host.setWork([{ ...demoWork, failuresSinceLooked: 0 }])).toBe(1);
    });
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: /Demo server/, description: 'The profile shown now' }).textContent,
      ).not.toContain('failure'),
    );
  });

  it('marks the shown profile looked again when failures arrive for it, and a picker line shows its profile', async () => {
    const host = fakeHost();
    renderApp(host.loupe);
    const looked = () => host.calls.filter((c) => c.name === 'profiles.markLooked').map((c) => c.args);
    await waitFor(() => expect(looked()).toEqual([{ profileId: 'local' }]));

    // A failure on the profile shown: seen at once. Another profile's failures wait for it to be shown.
    act(() => {
      host.setWork([
        { ...demoWork, profileId: 'local', batchesSending: 0, jobsInFlight: 1 },
        { ...demoWork, failuresSinceLooked: 2 },
      ]);
    });
    await waitFor(() => expect(looked()).toEqual([{ profileId: 'local' }, { profileId: 'local' }]));
    // Main answers with the failures seen: nothing more to mark.
    act(() => {
      host.setWork([
        { ...demoWork, profileId: 'local', batchesSending: 0, jobsInFlight: 1, failuresSinceLooked: 0 },
        { ...demoWork, failuresSinceLooked: 2 },
      ]);
    });
    const demoLine = await screen.findByRole('button', {
      name: /Demo server/,
      description: 'Show this profile',
    });
    expect(demoLine.textContent).toContain('2 failures');
    expect(looked()).toHaveLength(2);

    fireEvent.click(demoLine);
    await waitFor(() =>
      expect(host.calls).toContainEqual({ name: 'profiles.setActive', args: { profileId: 'demo' } }),
    );
    await waitFor(() => expect(looked()).toContainEqual({ profileId: 'demo' }));
  });

  it('names the profile in a notice of a batch or a job that ended on it, and opens it there', () => {
    const openedBatches: [string, string][] = [];
    const batches = createBatchFinishNotices((profileId, batchId) =>
      openedBatches.push([profileId, batchId]),
    );
    const summary = {
      id: 'b1',
      name: 'Lighthouse sweep',
      itemCount: 4,
      finished: false,
      counts: { submitting: 0, submitFailed: 0, jobs: { succeeded: 4 } },
    };
    batches.observe('studio', [summary as never], 'Studio');
    batches.observe('studio', [{ ...summary, finished: true } as never], 'Studio');
    expect(notifier.shown.at(-1)?.body).toBe('Studio: Lighthouse sweep finished: 4 succeeded');
    notifier.shown.at(-1)?.onClick?.();
    expect(openedBatches).toEqual([['studio', 'b1']]);

    const openedJobs: [string | null, string][] = [];
    const jobs = createFinishNotices((profileId, jobId) => openedJobs.push([profileId, jobId]));
    const row = { id: 'j1', submittedByUs: true, batchId: null, errorMessage: null };
    jobs.observe([{ ...row, status: 'running' } as never], { profileId: 'studio', name: 'Studio' });
    jobs.observe([{ ...row, status: 'succeeded' } as never], { profileId: 'studio', name: 'Studio' });
    expect(notifier.shown.at(-1)).toMatchObject({ title: 'Job finished', body: 'Studio: j1' });
    notifier.shown.at(-1)?.onClick?.();
    expect(openedJobs).toEqual([['studio', 'j1']]);
  });
});
