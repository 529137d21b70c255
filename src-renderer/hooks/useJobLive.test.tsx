import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { JobStatusBadge } from '../components/jobs/JobStatusBadge';
import { useLoupe } from '../lib/loupeContext';
import { jobLogsQuery } from '../queries/jobQueries';
import { fakeJobsHost, jobSnapshot, tick } from '../test/fakeJobsHost';
import { renderHookWithLoupe } from '../test/renderWithLoupe';
import { resetUiState } from '../test/resetUiState';
import { useJobLive } from './useJobLive';

const POLL = 80;
const OPTIONS = { pollIntervalMs: POLL, resubscribeMs: 400 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => resetUiState('jobs'));

function useLiveWithLogs(jobId: string) {
  const live = useJobLive(jobId, OPTIONS);
  const loupe = useLoupe();
  useQuery(jobLogsQuery(loupe, 'local', jobId));
  return live;
}

describe('useJobLive', () => {
  it('fills the entry with jobs.get and applies stream snapshots', async () => {
    const host = fakeJobsHost({ jobs: [jobSnapshot({ id: 'j1', status: 'queued' })] });
    const { result } = renderHookWithLoupe(() => useJobLive('j1', OPTIONS), host.loupe);
    await waitFor(() => expect(result.current.job?.status).toBe('queued'));
    await waitFor(() => expect(result.current.mode).toBe('live'));
    expect(host.watchers('j1')).toEqual([{ profileId: 'local', jobId: 'j1', live: true }]);

    act(() => {
      host.emitWatch('j1', {
        type: 'snapshot',
        source: 'sse',
        job: jobSnapshot({ id: 'j1', status: 'running', rawStatus: 'running' }),
      });
    });
    await waitFor(() => expect(result.current.job?.status).toBe('running'));
  });

  it('falls back to polling within one interval when the stream drops, and resubscribes', async () => {
    const host = fakeJobsHost({ jobs: [jobSnapshot({ id: 'j1', status: 'running' })] });
    const { result } = renderHookWithLoupe(() => useJobLive('j1', OPTIONS), host.loupe);
    await waitFor(() => expect(result.current.mode).toBe('live'));
    const before = host.callsOf('jobs.get').length;

    act(() => host.endWatch('j1', { code: 'sse_dropped', message: 'The event stream closed.' }));
    expect(result.current.mode).toBe('polling');
    expect(result.current.modeReason).toBe('The event stream closed.');
    // The service moved on while the stream was down: a poll within one interval brings it in.
    host.setJob(jobSnapshot({ id: 'j1', status: 'running', progress: null, queuePosition: null }));
    await waitFor(() => expect(host.callsOf('jobs.get').length).toBeGreaterThan(before), {
      timeout: POLL,
    });
    // …and it keeps polling on the interval while the stream is down.
    await waitFor(() => expect(host.callsOf('jobs.get').length).toBeGreaterThanOrEqual(before + 3), {
      timeout: POLL * 4,
    });

    // Resubscribed: live again, and the polling stops.
    await waitFor(() => expect(result.current.mode).toBe('live'), { timeout: 1500 });
    expect(host.watchers('j1')).toHaveLength(1);
    await sleep(POLL); // a poll already in flight may still land
    const settled = host.callsOf('jobs.get').length;
    await sleep(POLL * 3);
    expect(host.callsOf('jobs.get').length).toBe(settled);
  });

  it('shows polling when the stream says so, and polls until it is live again', async () => {
    const host = fakeJobsHost({ jobs: [jobSnapshot({ id: 'j1', status: 'running' })] });
    const { result } = renderHookWithLoupe(() => useJobLive('j1', OPTIONS), host.loupe);
    await waitFor(() => expect(result.current.mode).toBe('live'));
    const before = host.callsOf('jobs.get').length;
    act(() => {
      host.emitWatch('j1', { type: 'mode', mode: 'polling', reason: 'Too many live streams are open.' });
    });
    expect(result.current.mode).toBe('polling');
    await waitFor(() => expect(host.callsOf('jobs.get').length).toBeGreaterThan(before + 1), {
      timeout: POLL * 3,
    });
    act(() => {
      host.emitWatch('j1', { type: 'mode', mode: 'live', reason: null });
    });
    expect(result.current.mode).toBe('live');
  });

  it('never lets a stale event overwrite a newer poll (and a late poll never undoes a newer event)', async () => {
    const older = tick();
    const host = fakeJobsHost({ jobs: [jobSnapshot({ id: 'j1', status: 'running' })] });
    const { result, client } = renderHookWithLoupe(() => useJobLive('j1', OPTIONS), host.loupe);
    await waitFor(() => expect(result.current.job?.status).toBe('running'));
    const polledAt = result.current.job?.observedAt;

    act(() => {
      host.emitWatch('j1', {
        type: 'snapshot',
        source: 'sse',
        job: jobSnapshot({ id: 'j1', status: 'queued', observedAt: older }),
      });
    });
    await sleep(20);
    expect(result.current.job?.status).toBe('running');
    expect(result.current.job?.observedAt).toBe(polledAt);

    // A newer event wins…
    act(() => {
      host.emitWatch('j1', {
        type: 'snapshot',
        source: 'sse',
        job: jobSnapshot({ id: 'j1', status: 'succeeded', observedAt: tick() }),
      });
    });
    await waitFor(() => expect(result.current.job?.status).toBe('succeeded'));
    // …and a poll answer observed before it does not undo it.
    host.setJob(jobSnapshot({ id: 'j1', status: 'running', observedAt: older }));
    await act(() => client.refetchQueries({ queryKey: ['jobs', 'local', 'j1'], exact: true }));
    expect(result.current.job?.status).toBe('succeeded');
  });

  it('stops every request when the job ends, and reads the log once more', async () => {
    const host = fakeJobsHost({ jobs: [jobSnapshot({ id: 'j1', status: 'running' })] });
    const { result } = renderHookWithLoupe(() => useLiveWithLogs('j1'), host.loupe);
    await waitFor(() => expect(result.current.mode).toBe('live'));
    await waitFor(() => expect(host.callsOf('jobs.logs')).toHaveLength(1));
    act(() => host.endWatch('j1', { code: 'transport_lost', message: 'Lost the host.' }));
    expect(result.current.mode).toBe('polling');

    host.setJob(jobSnapshot({ id: 'j1', status: 'succeeded', completedAt: tick() }));
    await waitFor(() => expect(result.current.mode).toBe('finished'), { timeout: POLL * 3 });
    await waitFor(() => expect(host.callsOf('jobs.logs')).toHaveLength(2));
    const gets = host.callsOf('jobs.get').length;
    const opened = host.opened.length;
    await sleep(1000); // longer than the resubscribe wait and many poll intervals
    expect(host.callsOf('jobs.get')).toHaveLength(gets);
    expect(host.callsOf('jobs.logs')).toHaveLength(2);
    expect(host.opened).toHaveLength(opened);
    expect(host.watchers('j1')).toEqual([]);
  });

  it('never takes an unknown status for done', async () => {
    const host = fakeJobsHost({
      jobs: [jobSnapshot({ id: 'j1', status: 'unknown', rawStatus: 'archived_by_operator' })],
    });
    const { result } = renderHookWithLoupe(() => useJobLive('j1', OPTIONS), host.loupe);
    await waitFor(() => expect(result.current.job?.status).toBe('unknown'));
    await waitFor(() => expect(result.current.mode).toBe('live'));
    expect(host.watchers('j1')).toHaveLength(1);

    // A status even the contract does not list (a newer host) is unknown too, and still watched.
    const odd = { ...jobSnapshot({ id: 'j1' }), status: 'hibernating', rawStatus: 'hibernating' };
    act(() => {
      host.emitWatch('j1', { type: 'snapshot', source: 'poll', job: odd as never });
    });
    await waitFor(() => expect(result.current.job?.rawStatus).toBe('hibernating'));
    expect(result.current.mode).toBe('live');
    expect(host.watchers('j1')).toHaveLength(1);

    const job = result.current.job;
    render(<JobStatusBadge status={job?.status ?? ''} rawStatus={job?.rawStatus ?? ''} />);
    const badge = screen.getByTestId('job-status');
    expect(badge.dataset.status).toBe('unknown');
    expect(badge.textContent).toBe('Unknown (hibernating)');
    expect(badge.className).toContain('text-state-unknown');
    expect(badge.className).not.toContain('succeeded');
  });

  it('keeps the latest preview image as a data URL and refuses anything but a raster image', async () => {
    const host = fakeJobsHost({ jobs: [jobSnapshot({ id: 'j1', status: 'running' })] });
    const { result } = renderHookWithLoupe(() => useJobLive('j1', OPTIONS), host.loupe);
    await waitFor(() => expect(result.current.mode).toBe('live'));
    act(() => {
      host.emitWatch('j1', {
        type: 'preview',
        jobId: 'j1',
        nodeId: '3',
        contentType: 'image/png',
        dataBase64: 'iVBORw0KGgo=',
      });
    });
    expect(result.current.preview?.src).toBe('data:image/png;base64,iVBORw0KGgo=');
    act(() => {
      host.emitWatch('j1', {
        type: 'preview',
        jobId: 'j1',
        nodeId: '3',
        contentType: 'image/svg+xml',
        dataBase64: 'PHN2Zz48L3N2Zz4=',
      });
    });
    expect(result.current.preview?.src).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('asks for a live stream only while the window is visible', async () => {
    const host = fakeJobsHost({ jobs: [jobSnapshot({ id: 'j1', status: 'running' })] });
    renderHookWithLoupe(() => useJobLive('j1', OPTIONS), host.loupe);
    await waitFor(() =>
      expect(host.watchers('j1')).toEqual([{ profileId: 'local', jobId: 'j1', live: true }]),
    );
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() =>
      expect(host.watchers('j1')).toEqual([{ profileId: 'local', jobId: 'j1', live: false }]),
    );
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() =>
      expect(host.watchers('j1')).toEqual([{ profileId: 'local', jobId: 'j1', live: true }]),
    );
  });
});
