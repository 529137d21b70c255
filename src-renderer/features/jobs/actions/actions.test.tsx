import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJobsHost, jobSnapshot, jobSummary, tick } from '../../../test/fakeJobsHost';
import { fakeLayout } from '../../../test/fakeLayout';
import { fakeNotifier } from '../../../test/fakeNotifier';
import { listedIds, renderJobsView } from '../../../test/renderJobsView';
import { resetUiState } from '../../../test/resetUiState';
import { API_WORKFLOW, UI_WORKFLOW, workflowFile } from '../../../test/workflowFiles';

beforeAll(() => fakeLayout.install({ width: 1200, height: 700 }));
afterAll(() => fakeLayout.restore());
let notifier: ReturnType<typeof fakeNotifier>;
beforeEach(() => {
  resetUiState('jobs');
  notifier = fakeNotifier();
});
afterEach(() => {
  notifier.restore();
  vi.restoreAllMocks();
});

function pick(file: File) {
  fireEvent.change(screen.getAllByTestId('workflow-file-input')[0]!, { target: { files: [file] } });
}

function drop(file: File) {
  const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
  act(() => {
    window.dispatchEvent(Object.assign(new Event('dragenter', { cancelable: true }), { dataTransfer }));
  });
  expect(screen.getByTestId('drop-overlay').textContent).toContain('Drop a workflow file');
  act(() => {
    window.dispatchEvent(Object.assign(new Event('drop', { cancelable: true }), { dataTransfer }));
  });
  expect(screen.queryByTestId('drop-overlay')).toBeNull();
}

describe('submitting a workflow', () => {
  it('reads a picked file, submits its text, opens the new job and asks once for notifications', async () => {
    const host = fakeJobsHost({ jobs: [] });
    renderJobsView(host);
    await screen.findByRole('heading', { name: 'No jobs yet' });
    pick(workflowFile(API_WORKFLOW, 'lighthouse.json'));
    await waitFor(() => expect(host.callsOf('jobs.submit')).toHaveLength(1));
    expect(host.callsOf('jobs.submit')[0]?.args).toEqual({
      profileId: 'local',
      workflowJson: API_WORKFLOW,
      fileName: 'lighthouse.json',
    });
    expect((await screen.findByTestId('job-detail')).dataset.jobId).toBe('new-1');
    await waitFor(() => expect(listedIds()).toEqual(['new-1']));
    expect(notifier.asked()).toBe(1);
  });

  it('submits a file dropped anywhere on the window', async () => {
    const host = fakeJobsHost({ jobs: [jobSnapshot({ id: 'old', status: 'succeeded' })] });
    renderJobsView(host);
    await waitFor(() => expect(listedIds()).toEqual(['old']));
    drop(workflowFile(API_WORKFLOW, 'dropped.json'));
    await waitFor(() => expect(host.callsOf('jobs.submit')).toHaveLength(1));
    await waitFor(() => expect(listedIds()).toEqual(['new-1', 'old']));
  });

  it('explains an editor (UI-format) export and what to do, keeping the code one click away', async () => {
    const host = fakeJobsHost({ jobs: [] });
    renderJobsView(host);
    await screen.findByRole('heading', { name: 'No jobs yet' });
    pick(workflowFile(UI_WORKFLOW, 'editor-save.json'));
    const error = await screen.findByTestId('submit-error');
    expect(error.textContent).toContain('This is the editor’s saved workflow, not an API workflow');
    expect(error.textContent).toContain('Export (API)');
    fireEvent.click(within(error).getByRole('button', { name: 'Details' }));
    expect(within(error).getByText('code: workflow_format_ui')).toBeTruthy();
    fireEvent.click(within(error).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('submit-error')).toBeNull());
  });

  it('refuses a file that is not JSON before sending anything', async () => {
    const host = fakeJobsHost({ jobs: [] });
    renderJobsView(host);
    await screen.findByRole('heading', { name: 'No jobs yet' });
    pick(workflowFile('{"nodes": [', 'broken.json'));
    expect((await screen.findByTestId('submit-error')).textContent).toContain(
      'broken.json is not valid JSON',
    );
    pick(workflowFile('hello', 'notes.txt', 'text/plain'));
    await waitFor(() =>
      expect(screen.getByTestId('submit-error').textContent).toContain('notes.txt is not a .json file'),
    );
    expect(host.callsOf('jobs.submit')).toHaveLength(0);
  });
});

describe('acting on a job', () => {
  it('cancels a running job and shows canceling until the end lands', async () => {
    const host = fakeJobsHost({ jobs: [jobSnapshot({ id: 'run-1', status: 'running' })] });
    renderJobsView(host);
    fireEvent.click(await screen.findByRole('option', { name: /run-1/ }));
    const detail = await screen.findByTestId('job-detail');
    fireEvent.click(within(detail).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(host.callsOf('jobs.cancel')).toHaveLength(1));
    await waitFor(() =>
      expect(within(detail).getAllByTestId('job-status')[0]?.dataset.status).toBe('canceling'),
    );
    expect(
      within(detail)
        .getByRole('button', { name: /Canceling…/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByRole('option', { name: /run-1/ }).dataset.status).toBe('canceling');

    act(() => {
      host.emitWatch('run-1', {
        type: 'snapshot',
        source: 'sse',
        job: jobSnapshot({ id: 'run-1', status: 'canceled', completedAt: tick() }),
      });
    });
    await waitFor(() =>
      expect(within(detail).getAllByTestId('job-status')[0]?.dataset.status).toBe('canceled'),
    );
    expect(within(detail).queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(screen.getByRole('option', { name: /run-1/ }).dataset.status).toBe('canceled');
  });

  it('retries a failed job: both attempts are listed, linked both ways', async () => {
    const host = fakeJobsHost({
      jobs: [
        jobSnapshot({
          id: 'bad-1',
          status: 'failed',
          error: {
            code: 'node_execution_error',
            message: 'Sampler diverged',
            nodeId: '3',
            classType: 'KSampler',
            traceback: 'Traceback…',
          },
        }),
      ],
    });
    renderJobsView(host);
    fireEvent.click(await screen.findByRole('option', { name: /bad-1/ }));
    const detail = await screen.findByTestId('job-detail');
    fireEvent.click(within(detail).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(host.callsOf('jobs.retry')).toEqual([
        { name: 'jobs.retry', args: { profileId: 'local', jobId: 'bad-1' } },
      ]),
    );
    const attempt = [...host.jobs.keys()].find((id) => id.startsWith('bad-1-r'));
    expect(attempt).toBeDefined();
    await waitFor(() => expect(listedIds()).toEqual([attempt, 'bad-1']));
    expect(
      within(screen.getByRole('option', { name: new RegExp(attempt!) })).getByText('↻ retry'),
    ).toBeTruthy();
    // The detail follows the new attempt, which links back to the original…
    await waitFor(() => expect(screen.getByTestId('job-detail').dataset.jobId).toBe(attempt));
    fireEvent.click(within(screen.getByTestId('job-detail')).getByRole('button', { name: 'bad-1' }));
    // …and the original lists the new attempt.
    await waitFor(() => expect(screen.getByTestId('job-detail').dataset.jobId).toBe('bad-1'));
    expect(
      await within(screen.getByTestId('job-detail')).findByRole('button', { name: attempt }),
    ).toBeTruthy();
  });

  it('a job the service no longer knows says so, is not followed, offers Retry and no Cancel', async () => {
    const goneAt = '2026-11-30T03:00:00.000Z';
    const host = fakeJobsHost({
      jobs: [
        jobSnapshot({
          id: 'lost-1',
          status: 'unknown',
          rawStatus: 'running',
          goneAt,
          expiresAt: '2026-12-30T03:00:00.000Z',
          // The last progress read before the service forgot it: not shown as a job still going.
          progress: {
            value: 0.57,
            nodesDone: 4,
            nodesTotal: 7,
            currentNode: '3',
            currentNodeClass: 'KSampler',
            step: 5,
            steps: 5000,
            message: null,
          },
        }),
      ],
    });
    renderJobsView(host);
    const row = await screen.findByRole('option', { name: /lost-1/ });
    const rowStatus = within(row).getByTestId('job-status');
    expect(rowStatus.textContent).toBe('Gone');
    expect(rowStatus.title).toContain('no longer knows this job (last seen running)');
    fireEvent.click(row);
    const detail = await screen.findByTestId('job-detail');
    expect(within(detail).getByTestId('job-gone').textContent).toContain(
      'It may have restarted and lost its queue, or the key may now belong to another account.',
    );
    expect(within(detail).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(detail).queryByTestId('job-progress')).toBeNull();
    expect(within(detail).getByText('Ended').nextElementSibling?.textContent).toBe('unknown');
    expect(within(detail).queryByText('Expires')).toBeNull();
    expect(
      await within(detail).findByText('Loupe saw no outputs of this job before the service forgot it.'),
    ).toBeTruthy();
    // Nothing more will come: the job is not watched (each watch would be one more 404).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(host.watchers('lost-1')).toEqual([]);
    fireEvent.click(within(detail).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(host.callsOf('jobs.retry')).toEqual([
        { name: 'jobs.retry', args: { profileId: 'local', jobId: 'lost-1' } },
      ]),
    );
  });

  it('copies the id and the CLI command', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const host = fakeJobsHost({ jobs: [jobSnapshot({ id: 'job:42', status: 'succeeded' })] });
    renderJobsView(host);
    fireEvent.click(await screen.findByRole('option', { name: /job:42/ }));
    const detail = await screen.findByTestId('job-detail');
    fireEvent.click(within(detail).getByRole('button', { name: 'Copy id' }));
    fireEvent.click(within(detail).getByRole('button', { name: 'Open in CLI' }));
    await waitFor(() => expect(writeText.mock.calls).toEqual([['job:42'], ['loupe jobs watch job:42']]));
  });
});

describe('desktop notices', () => {
  it('tells you when a job you submitted finishes or fails, once, and never for history', async () => {
    const host = fakeJobsHost({ jobs: [] });
    renderJobsView(host);
    await screen.findByRole('heading', { name: 'No jobs yet' });
    pick(workflowFile(API_WORKFLOW, 'mine.json'));
    await screen.findByTestId('job-detail');
    await waitFor(() => expect(host.opened.some((s) => s.name === 'jobs.updates')).toBe(true));

    act(() => {
      host.emitUpdates([
        jobSummary({ id: 'new-1', status: 'succeeded', submittedByUs: true, observedAt: tick() }),
        // Someone else's job, and one of ours seen only once it had already ended: no notice.
        jobSummary({ id: 'theirs', status: 'failed', submittedByUs: false, observedAt: tick() }),
        jobSummary({ id: 'old-ours', status: 'failed', submittedByUs: true, observedAt: tick() }),
      ]);
    });
    act(() => {
      host.emitUpdates([
        jobSummary({ id: 'new-1', status: 'succeeded', submittedByUs: true, observedAt: tick() }),
      ]);
    });
    await waitFor(() =>
      expect(notifier.shown.map((n) => [n.title, n.tag])).toEqual([['Job finished', 'loupe-job-new-1']]),
    );

    // A job of ours seen running, then failing: a notice with the error.
    act(() => {
      host.emitUpdates([jobSummary({ id: 'b', status: 'running', submittedByUs: true, observedAt: tick() })]);
      host.emitUpdates([
        jobSummary({
          id: 'b',
          status: 'failed',
          submittedByUs: true,
          errorMessage: 'Out of memory',
          observedAt: tick(),
        }),
      ]);
    });
    await waitFor(() => expect(notifier.shown).toHaveLength(2));
    expect(notifier.shown[1]).toMatchObject({ title: 'Job failed', body: 'Local proxy: b Out of memory' });
  });
});
