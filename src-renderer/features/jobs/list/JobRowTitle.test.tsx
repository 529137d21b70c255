// Job rows named by what they made (issue 21): a row whose summary has a title shows it as the name with the
// short id beside it, and a batch item's values beside that; a row without one shows its id as before; a live
// update (which carries no title or values) keeps them; hidden characters in a title are shown, not obeyed.
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobSummary } from '../../../../src-shared/contract';
import { summaryOf } from '../../../queries/jobCache';
import { fakeJobsHost, jobSnapshot, jobSummary } from '../../../test/fakeJobsHost';
import { fakeLayout } from '../../../test/fakeLayout';
import { listedIds, listedRow, renderJobsView } from '../../../test/renderJobsView';
import { resetUiState } from '../../../test/resetUiState';

beforeAll(() => fakeLayout.install({ width: 1000, height: 700 }));
afterAll(() => fakeLayout.restore());
beforeEach(() => resetUiState('jobs'));

const NAMED = '3f2a9c1e-7b44-4c1d-9e0f-2a6b8c4d1e55';
const BARE = '9b8c7d6e-5f40-4a3b-8c2d-1e0f9a8b7c6d';
const HOSTILE = 'abcdef01-2345-4678-89ab-cdef01234567';

function hostWith(rows: JobSummary[]) {
  return fakeJobsHost({
    jobs: rows.map((row) => jobSnapshot({ id: row.id, status: row.status, createdAt: row.createdAt })),
    overrides: {
      'jobs.list': () => ({
        ok: true as const,
        value: { jobs: rows, nextCursor: null, source: 'service' as const, notice: null },
      }),
    },
  });
}

const rows = [
  jobSummary({
    id: NAMED,
    status: 'succeeded',
    createdAt: '2025-01-01T11:03:00.000Z',
    title: 'gulls over a grey harbour',
    itemValues: 'seed 7, cfg 4.5',
  }),
  jobSummary({
    id: BARE,
    status: 'succeeded',
    createdAt: '2025-01-01T11:02:00.000Z',
    title: null,
    itemValues: 'seed 8',
  }),
  jobSummary({
    id: HOSTILE,
    status: 'succeeded',
    createdAt: '2025-01-01T11:01:00.000Z',
    title: 'lighthouse \u202Eevil',
  }),
];

describe('job rows named by what they made', () => {
  it('shows the title as the name with the short id beside it, and the id when there is no title', async () => {
    renderJobsView(hostWith(rows));
    await waitFor(() => expect(listedIds()).toEqual([NAMED, BARE, HOSTILE]));

    const named = within(listedRow(NAMED));
    expect(named.getByTestId('job-row-title').textContent).toBe('gulls over a grey harbour');
    expect(named.getByTestId('job-row-short-id').textContent).toBe('3f2a9c1e…');
    expect(named.queryByText(NAMED)).toBeNull();
    // The whole id is still there to read on hover.
    expect(named.getByText('gulls over a grey harbour').closest('[title]')?.getAttribute('title')).toContain(
      NAMED,
    );

    // The batch item's values beside the name: the rows of one sweep share their prompt.
    expect(named.getByTestId('job-row-values').textContent).toBe('seed 7, cfg 4.5');

    const bare = within(listedRow(BARE));
    expect(bare.queryByTestId('job-row-title')).toBeNull();
    expect(bare.getByText(BARE)).toBeTruthy();
    expect(bare.getByTestId('job-row-values').textContent).toBe('seed 8');

    const hostile = within(listedRow(HOSTILE));
    expect(hostile.getByTestId('job-row-title').textContent).not.toContain('\u202E');
    expect(hostile.getByTestId('job-row-title').textContent).toContain('lighthouse');
    // A job of no batch has no values.
    expect(hostile.queryByTestId('job-row-values')).toBeNull();
  });

  it('keeps the name when a live update (which has no title) changes the row', async () => {
    const host = hostWith(rows);
    renderJobsView(host);
    await waitFor(() => expect(listedIds()).toHaveLength(3));

    const update = summaryOf(
      jobSnapshot({
        id: NAMED,
        status: 'succeeded',
        createdAt: '2025-01-01T11:03:00.000Z',
        observedAt: '2030-01-01T00:00:00.000Z',
        outputsCount: 4,
      }),
    );
    expect(update.title).toBeUndefined();
    await waitFor(() => expect(host.emitUpdates([update])).toBeGreaterThan(0));
    await waitFor(() => expect(within(listedRow(NAMED)).getByText('4 outputs')).toBeTruthy());
    expect(within(listedRow(NAMED)).getByTestId('job-row-title').textContent).toBe(
      'gulls over a grey harbour',
    );
    expect(within(listedRow(NAMED)).getByTestId('job-row-values').textContent).toBe('seed 7, cfg 4.5');
    expect(screen.queryByText(NAMED)).toBeNull();
  });

  it('takes the name main gives a row once its outputs are in the library, from a newer or an older record', async () => {
    const host = hostWith(rows);
    renderJobsView(host);
    await waitFor(() => expect(listedIds()).toHaveLength(3));
    const held = rows[1];
    if (held === undefined) throw new Error('no bare row');

    // Older than the list page the window holds: its name is taken, its state is not.
    const older = {
      ...held,
      observedAt: '2000-01-01T00:00:00.000Z',
      outputsCount: 9,
      title: 'isometric city block',
    };
    await waitFor(() => expect(host.emitUpdates([older])).toBeGreaterThan(0));
    await waitFor(() =>
      expect(within(listedRow(BARE)).getByTestId('job-row-title').textContent).toBe('isometric city block'),
    );
    expect(within(listedRow(BARE)).queryByText('9 outputs')).toBeNull();

    // A newer named row replaces the row, name and all.
    const newer = {
      ...held,
      observedAt: '2030-01-01T00:00:00.000Z',
      outputsCount: 3,
      title: 'a lighthouse at dusk',
    };
    await waitFor(() => expect(host.emitUpdates([newer])).toBeGreaterThan(0));
    await waitFor(() => expect(within(listedRow(BARE)).getByText('3 outputs')).toBeTruthy());
    expect(within(listedRow(BARE)).getByTestId('job-row-title').textContent).toBe('a lighthouse at dusk');
  });
});
