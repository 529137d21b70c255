import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeJobsHost, jobSnapshot } from '../../test/fakeJobsHost';
import { fakeLayout } from '../../test/fakeLayout';
import { renderApp } from '../../test/renderApp';
import { listedIds, listedRow, renderJobsView } from '../../test/renderJobsView';
import { resetUiState } from '../../test/resetUiState';
import { LIST_WIDTH, useJobsLayout } from './jobsLayoutStore';

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => {
  resetUiState('jobs');
  useJobsLayout.setState({ listWidth: LIST_WIDTH.initial });
});

const JOBS = [
  jobSnapshot({ id: 'a', status: 'running', createdAt: '2025-01-01T10:00:03Z' }),
  jobSnapshot({ id: 'b', status: 'failed', createdAt: '2025-01-01T10:00:02Z' }),
  jobSnapshot({ id: 'c', status: 'succeeded', createdAt: '2025-01-01T10:00:01Z' }),
];

const key = (k: string, target: Element = document.body) => fireEvent.keyDown(target, { key: k });
const cursor = () => screen.getByRole('listbox', { name: 'Jobs' }).getAttribute('aria-activedescendant');

describe('the jobs screen keys', () => {
  it('j/k move, Enter opens, Esc closes, / searches', async () => {
    const host = fakeJobsHost({ jobs: JOBS });
    renderJobsView(host);
    await waitFor(() => expect(listedIds()).toEqual(['a', 'b', 'c']));
    expect(screen.getByTestId('no-job-open')).toBeTruthy();
    key('j');
    expect(cursor()).toBe('job-row-a');
    key('j');
    key('j');
    key('j');
    expect(cursor()).toBe('job-row-c');
    key('k');
    expect(cursor()).toBe('job-row-b');
    key('Enter');
    expect((await screen.findByTestId('job-detail')).dataset.jobId).toBe('b');
    key('Escape');
    await waitFor(() => expect(screen.getByTestId('no-job-open')).toBeTruthy());

    key('/');
    const search = screen.getByLabelText('Search jobs by id or label');
    expect(document.activeElement).toBe(search);
    // Typing in a field is typing, not commands.
    key('j', search);
    expect(cursor()).toBe('job-row-b');
    key('c', search);
    expect(host.callsOf('jobs.cancel')).toHaveLength(0);
  });

  it('c cancels and r retries the open job, and only when it makes sense', async () => {
    const host = fakeJobsHost({ jobs: JOBS });
    renderJobsView(host);
    await waitFor(() => expect(listedIds()).toEqual(['a', 'b', 'c']));
    fireEvent.click(listedRow('a'));
    await screen.findByTestId('job-detail');
    key('r'); // a running job cannot be retried
    key('c');
    await waitFor(() =>
      expect(host.callsOf('jobs.cancel')).toEqual([
        { name: 'jobs.cancel', args: { profileId: 'local', jobId: 'a' } },
      ]),
    );
    expect(host.callsOf('jobs.retry')).toHaveLength(0);

    fireEvent.click(listedRow('b'));
    await waitFor(() => expect(screen.getByTestId('job-detail').dataset.jobId).toBe('b'));
    key('c'); // a failed job cannot be canceled
    key('r');
    await waitFor(() =>
      expect(host.callsOf('jobs.retry')).toEqual([
        { name: 'jobs.retry', args: { profileId: 'local', jobId: 'b' } },
      ]),
    );
    expect(host.callsOf('jobs.cancel')).toHaveLength(1);
  });

  it('resizes the panes from the keyboard and remembers the size', async () => {
    const host = fakeJobsHost({ jobs: JOBS });
    renderJobsView(host);
    const splitter = await screen.findByRole('separator', { name: 'Resize the job list' });
    act(() => {
      key('ArrowRight', splitter);
    });
    act(() => {
      key('ArrowRight', splitter);
    });
    expect(useJobsLayout.getState().listWidth).toBe(LIST_WIDTH.initial + 32);
    expect(splitter.getAttribute('aria-valuenow')).toBe(String(LIST_WIDTH.initial + 32));
    expect(JSON.parse(localStorage.getItem('loupe.jobs.layout') ?? '{}')).toMatchObject({
      state: { listWidth: LIST_WIDTH.initial + 32 },
    });
    act(() => {
      key('Home', splitter);
    });
    expect(useJobsLayout.getState().listWidth).toBe(LIST_WIDTH.min);
  });
});

describe('the jobs screen in the app', () => {
  it('with a profile active and no jobs, says what goes here and offers the next steps', async () => {
    const host = fakeJobsHost({ jobs: [] });
    renderApp(host.loupe);
    expect(await screen.findByRole('heading', { name: 'No jobs yet' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Submit workflow…' }).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Try the Demo server' }));
    await waitFor(() =>
      expect(host.calls).toContainEqual({ name: 'profiles.setActive', args: { profileId: 'demo' } }),
    );
  });
});
