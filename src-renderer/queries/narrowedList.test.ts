import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { JobListPage } from '../../src-shared/contract';
import { jobSummary } from '../test/fakeJobsHost';
import { jobKeys, type JobListData } from './jobKeys';
import { narrowedFromLoaded } from './narrowedList';

function loaded(complete: boolean): QueryClient {
  const client = new QueryClient();
  const rows = Array.from({ length: 500 }, (_, index) =>
    jobSummary({
      id: `job-${index}`,
      status: index % 10 === 0 ? 'failed' : 'succeeded',
      labels: { project: index % 2 === 0 ? 'harbour' : 'orchard' },
    }),
  );
  const pages: JobListPage[] = [0, 1].map((number) => ({
    jobs: rows.slice(number * 250, number * 250 + 250),
    nextCursor: number === 1 && complete ? null : `c${number + 1}`,
    source: 'service',
    notice: null,
  }));
  client.setQueryData<JobListData>(jobKeys.list('p', {}), { pages, pageParams: [null, 'c1'] });
  return client;
}

describe('narrowedFromLoaded', () => {
  it('draws a filter from the rows already loaded: the first page of matches, newest first', () => {
    const narrowed = narrowedFromLoaded(loaded(true), 'p', { statuses: ['failed'] }, 20);
    const rows = narrowed?.pages[0]?.jobs ?? [];
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => row.status === 'failed')).toBe(true);
    expect(rows[0]?.id).toBe('job-0');
    expect(narrowed?.pages[0]?.nextCursor).toBeNull();
  });

  it('searches ids and labels as the host does', () => {
    const narrowed = narrowedFromLoaded(loaded(true), 'p', { search: 'ORCHARD' }, 200);
    expect(narrowed?.pages[0]?.jobs.every((row) => row.labels.project === 'orchard')).toBe(true);
  });

  it('says "none" only when every row is loaded; otherwise waits for the host', () => {
    expect(narrowedFromLoaded(loaded(true), 'p', { search: 'nowhere' }, 200)?.pages[0]?.jobs).toEqual([]);
    expect(narrowedFromLoaded(loaded(false), 'p', { search: 'nowhere' }, 200)).toBeUndefined();
  });

  it('has nothing to offer for the unfiltered list, or with nothing loaded', () => {
    expect(narrowedFromLoaded(loaded(true), 'p', {}, 200)).toBeUndefined();
    expect(narrowedFromLoaded(new QueryClient(), 'p', { statuses: ['failed'] }, 200)).toBeUndefined();
  });
});
