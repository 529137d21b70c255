import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobListArgs } from '../../../../src-shared/contract';
import { fakeJobsHost, jobSnapshot, jobSummary, tick } from '../../../test/fakeJobsHost';
import { fakeLayout } from '../../../test/fakeLayout';
import { listedIds, listedRows, renderJobsView } from '../../../test/renderJobsView';
import { resetUiState } from '../../../test/resetUiState';

beforeAll(() => fakeLayout.install({ width: 1000, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => resetUiState('jobs'));

function manyJobs(count: number) {
  return Array.from({ length: count }, (_, index) =>
    jobSnapshot({
      id: `job-${String(index).padStart(4, '0')}`,
      status: 'succeeded',
      createdAt: new Date(Date.parse('2025-01-01T00:00:00Z') - index * 60_000).toISOString(),
      labels: index % 2 === 0 ? { project: 'lighthouse' } : {},
    }),
  );
}

const lastListArgs = (host: ReturnType<typeof fakeJobsHost>) =>
  host.callsOf('jobs.list').at(-1)?.args as JobListArgs;

/** A jobs.list answer of one page and no more. */
function onePage(
  jobs: ReturnType<typeof jobSummary>[],
  source: 'service' | 'local',
  notice: string | null = null,
) {
  return { ok: true as const, value: { jobs, nextCursor: null as string | null, source, notice } };
}

/**
 * A host whose memory answers at once (`remembered`) and whose service answers `served` after `delayMs`, or,
 * without one, when the test calls `answer`.
 */
function memoryAndSlowService(
  remembered: ReturnType<typeof onePage>,
  served: ReturnType<typeof jobSummary>[],
  delayMs?: number,
) {
  let answer: (() => void) | undefined;
  const host = fakeJobsHost({
    overrides: {
      'jobs.list': (raw) => {
        if ((raw as JobListArgs).rememberedOnly === true) return remembered;
        return new Promise((resolve) => {
          answer = () => resolve(onePage(served, 'service'));
          if (delayMs !== undefined) setTimeout(answer, delayMs);
        });
      },
    },
  });
  return { host, answer: () => answer?.(), asked: () => answer !== undefined };
}

describe('the job list', () => {
  it('loads pages over nextCursor as the end scrolls into view', async () => {
    const host = fakeJobsHost({ jobs: manyJobs(450) });
    renderJobsView(host);
    await waitFor(() => expect(listedIds()[0]).toBe('job-0000'));
    expect(lastListArgs(host)).toEqual({ profileId: 'local', limit: 200, cursor: null });
    const list = screen.getByRole('listbox', { name: 'Jobs' });
    act(() => {
      list.scrollTop = 200 * 50 - 700;
      fireEvent.scroll(list);
    });
    await waitFor(() =>
      expect(lastListArgs(host)).toEqual({ profileId: 'local', limit: 200, cursor: '200' }),
    );
    await waitFor(() => expect(list.getAttribute('aria-rowcount')).toBe('400'));
  });

  it('sends status, label, time and search filters, and checks labels before sending', async () => {
    const host = fakeJobsHost({ jobs: manyJobs(10) });
    renderJobsView(host);
    await waitFor(() => expect(listedIds()).toHaveLength(10));

    fireEvent.click(screen.getByRole('button', { name: 'Failed' }));
    await waitFor(() => expect(lastListArgs(host).statuses).toEqual(['failed']));
    expect(screen.getByRole('button', { name: 'Failed' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'No jobs match these filters' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Failed' }));

    const label = screen.getByLabelText('Add a label filter (key=value)');
    const before = host.callsOf('jobs.list').length;
    fireEvent.change(label, { target: { value: 'bad key=x' } });
    fireEvent.keyDown(label, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toMatch(/not a label key/);
    fireEvent.change(label, { target: { value: 'k=a\u202Eb' } });
    fireEvent.keyDown(label, { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toContain('⟨U+202E⟩');
    // Back to every state (answered from the cache), and nothing invalid was sent.
    await waitFor(() => expect(listedIds()).toHaveLength(10));
    expect(
      host
        .callsOf('jobs.list')
        .slice(before)
        .every((call) => !(call.args as JobListArgs).labels),
    ).toBe(true);

    fireEvent.change(label, { target: { value: 'project=lighthouse' } });
    fireEvent.keyDown(label, { key: 'Enter' });
    await waitFor(() => expect(lastListArgs(host).labels).toEqual({ project: 'lighthouse' }));
    await waitFor(() => expect(listedIds()).toHaveLength(5));

    fireEvent.change(screen.getByLabelText('Created'), { target: { value: 'hour' } });
    await waitFor(() => expect(lastListArgs(host).createdAfter).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/));

    fireEvent.change(screen.getByLabelText('Search jobs by id or label'), { target: { value: ' job-000 ' } });
    await waitFor(() => expect(lastListArgs(host).search).toBe('job-000'));

    // The filter bar's own button (the rows already loaded may have answered with none: then the empty
    // list offers a second one).
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(listedIds()).toHaveLength(10));
    expect(screen.queryByRole('button', { name: /Remove label filter/ })).toBeNull();
  });

  it('shows the list notice quietly, and says when there are no jobs yet', async () => {
    const host = fakeJobsHost({
      jobs: [],
      notice: 'This service cannot list jobs; showing what Loupe remembers.',
      source: 'local',
    });
    renderJobsView(host);
    expect((await screen.findByTestId('list-notice')).textContent).toBe(
      'This service cannot list jobs; showing what Loupe remembers.',
    );
    expect(screen.getByRole('heading', { name: 'No jobs yet' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Submit workflow…' }).length).toBeGreaterThan(0);
  });

  it('draws the remembered jobs at once while the host still asks the service, then its answer', async () => {
    const remembered = manyJobs(3).map((job) => ({
      ...jobSummary({ id: job.id }),
      createdAt: job.createdAt,
    }));
    const served = manyJobs(5).map((job) => ({ ...jobSummary({ id: job.id }), createdAt: job.createdAt }));
    const memory = {
      ok: true as const,
      value: { ...onePage(remembered, 'local', 'From memory.').value, nextCursor: 'more' },
    };
    const { host, answer, asked } = memoryAndSlowService(memory, served);
    renderJobsView(host);
    await waitFor(() => expect(listedIds()).toEqual(remembered.map((row) => row.id)));
    expect(screen.getByTestId('list-notice').textContent).toBe('From memory.');
    // A stand-in, not paged on: its cursor is not followed.
    expect(host.callsOf('jobs.list').filter((call) => (call.args as JobListArgs).cursor === 'more')).toEqual(
      [],
    );
    expect(asked()).toBe(true);
    act(answer);
    await waitFor(() => expect(listedIds()).toEqual(served.map((row) => row.id)));
    expect(screen.queryByTestId('list-notice')).toBeNull();
  });

  it("a quick answer from the service is drawn without memory's rows blinking first", async () => {
    const { host } = memoryAndSlowService(
      onePage([jobSummary({ id: 'remembered' })], 'local'),
      [jobSummary({ id: 'served' })],
      30,
    );
    const drawn = new Set<string>();
    const observer = new MutationObserver(() => listedIds().forEach((id) => drawn.add(id)));
    observer.observe(document.body, { childList: true, subtree: true });
    renderJobsView(host);
    await waitFor(() => expect(listedIds()).toEqual(['served']));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    observer.disconnect();
    expect(host.callsOf('jobs.list').some((call) => (call.args as JobListArgs).rememberedOnly)).toBe(true);
    expect([...drawn]).toEqual(['served']);
  });

  it('does not flash "No jobs yet" when memory is empty and the service is slow', async () => {
    const { host, answer } = memoryAndSlowService(onePage([], 'local'), [jobSummary({ id: 'served' })]);
    renderJobsView(host);
    await waitFor(() => expect(host.callsOf('jobs.list').length).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('heading', { name: 'No jobs yet' })).toBeNull();
    act(answer);
    await waitFor(() => expect(listedIds()).toEqual(['served']));
  });

  it('shows loading, then an error in words with the code one click away', async () => {
    const host = fakeJobsHost({
      overrides: {
        'jobs.list': () => ({
          ok: false,
          error: { code: 'not_available', message: 'Jobs are not available in this build yet.' },
        }),
      },
    });
    renderJobsView(host);
    expect(screen.getByText('Loading jobs…')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Loupe could not load the job list.');
    expect(alert.textContent).toContain('Jobs are not available in this build yet.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Details' }));
    expect(within(alert).getByText('code: not_available')).toBeTruthy();
  });

  it('patches rows live from jobs.updates and puts new jobs on top', async () => {
    const host = fakeJobsHost({ jobs: manyJobs(3) });
    renderJobsView(host);
    await waitFor(() => expect(listedIds()).toEqual(['job-0000', 'job-0001', 'job-0002']));
    await waitFor(() => expect(host.opened.some((s) => s.name === 'jobs.updates')).toBe(true));
    act(() => {
      host.emitUpdates([
        jobSummary({ id: 'job-0001', status: 'running', progress: 0.4, observedAt: tick() }),
        jobSummary({
          id: 'fresh',
          status: 'queued',
          queuePosition: 2,
          createdAt: tick(),
          observedAt: tick(),
        }),
      ]);
    });
    await waitFor(() => expect(listedIds()).toEqual(['fresh', 'job-0000', 'job-0001', 'job-0002']));
    const running = screen.getByRole('option', { name: /job-0001/ });
    expect(running.dataset.status).toBe('running');
    expect(within(running).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(
      within(screen.getByRole('option', { name: /fresh/ })).getByText('2 ahead in the queue'),
    ).toBeTruthy();

    // A stale row (observed before what the list holds) changes nothing.
    act(() => {
      host.emitUpdates([
        jobSummary({ id: 'job-0001', status: 'queued', observedAt: '2000-01-01T00:00:00.000Z' }),
      ]);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('option', { name: /job-0001/ }).dataset.status).toBe('running');
  });

  it('selects with click, Ctrl/Cmd-click, Shift-click and Space', async () => {
    const host = fakeJobsHost({ jobs: manyJobs(6) });
    renderJobsView(host);
    await waitFor(() => expect(listedIds()).toHaveLength(6));
    const row = (id: string) => screen.getByRole('option', { name: new RegExp(id) });
    const selected = () =>
      listedRows()
        .filter((r) => r.getAttribute('aria-selected') === 'true')
        .map((r) => r.dataset.jobId);

    // A plain click opens the row without marking it…
    fireEvent.click(row('job-0001'));
    expect(selected()).toEqual([]);
    expect(await screen.findByTestId('job-detail')).toBeTruthy();
    // …and Ctrl-click starts a selection from it.
    fireEvent.click(row('job-0002'), { ctrlKey: true });
    expect(selected()).toEqual(['job-0001', 'job-0002']);
    fireEvent.click(row('job-0001'));
    fireEvent.click(row('job-0004'), { shiftKey: true });
    expect(selected()).toEqual(['job-0001', 'job-0002', 'job-0003', 'job-0004']);
    expect(screen.getByRole('toolbar', { name: 'Selected jobs' }).textContent).toContain('4 selected');
    fireEvent.click(row('job-0002'), { ctrlKey: true });
    expect(selected()).toEqual(['job-0001', 'job-0003', 'job-0004']);
    fireEvent.click(row('job-0005'), { metaKey: true });
    expect(selected()).toEqual(['job-0001', 'job-0003', 'job-0004', 'job-0005']);
    // Space toggles the cursor row (the last clicked).
    fireEvent.keyDown(document.body, { key: ' ' });
    expect(selected()).toEqual(['job-0001', 'job-0003', 'job-0004']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(selected()).toEqual([]);
  });
});
