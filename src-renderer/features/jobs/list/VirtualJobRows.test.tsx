import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobSummary, JobThumbnail } from '../../../../src-shared/contract';
import { jobSummary } from '../../../test/fakeJobsHost';
import { VirtualJobRows } from './VirtualJobRows';

// the test DOM (happy-dom) lays nothing out: give every element the size of a 600 px high list so the virtualizer has a window.
import { fakeLayout } from '../../../test/fakeLayout';

beforeAll(() => fakeLayout.install({ width: 800, height: 600 }));
afterAll(() => fakeLayout.restore());

function manyRows(count: number): JobSummary[] {
  const base = jobSummary({ id: 'template', status: 'succeeded' });
  return Array.from({ length: count }, (_, index) => ({
    ...base,
    id: `job-${String(index).padStart(6, '0')}`,
    status: index % 7 === 0 ? 'running' : 'succeeded',
    progress: index % 7 === 0 ? 0.5 : null,
    thumbnail: index % 7 === 0 ? null : { assetId: `a-${index}`, contentType: 'image/png' },
  }));
}

const thumbnailUrl = (thumbnail: JobThumbnail | null) =>
  thumbnail === null ? null : `/asset-bytes/cap/local/${thumbnail.assetId}`;

/** The pictures the rows in the DOM asked for. */
const pictureUrls = () =>
  [...document.querySelectorAll('[data-testid="row-thumbnail"] img')].map((img) => img.getAttribute('src'));

describe('the virtualized job list', () => {
  it('renders 100,000 rows as a window: only what is on screen is in the DOM', () => {
    const rows = manyRows(100_000);
    const fetchNextPage = vi.fn();
    const started = performance.now();
    render(
      <VirtualJobRows
        rows={rows}
        openJobId={null}
        cursorId={null}
        selected={new Set()}
        hasNextPage={false}
        isFetchingNextPage={false}
        fetchNextPage={fetchNextPage}
        onRowClick={() => undefined}
        thumbnailUrl={thumbnailUrl}
        drawPoster={() => Promise.resolve(false)}
      />,
    );
    const rendered = screen.getAllByRole('option');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(rendered[0]?.dataset.jobId).toBe('job-000000');
    // Only the rows in the DOM ask for a picture: one each for those that have one.
    expect(pictureUrls()).toHaveLength(rendered.filter((row) => row.dataset.status !== 'running').length);
    expect(pictureUrls()).toContain('/asset-bytes/cap/local/a-1');
    expect(screen.getByRole('listbox').getAttribute('aria-rowcount')).toBe('100000');
    // The spacer is as tall as all rows, so the scrollbar is true.
    const spacer = screen.getByRole('listbox').firstElementChild as HTMLElement;
    expect(spacer.style.height).toBe(`${100_000 * 50}px`);
    expect(performance.now() - started).toBeLessThan(5000);

    // Scroll to the middle: a different window, still small.
    const list = screen.getByRole('listbox');
    act(() => {
      list.scrollTop = 50 * 50_000;
      fireEvent.scroll(list);
    });
    const middle = screen.getAllByRole('option');
    expect(middle.length).toBeLessThan(40);
    const ids = middle.map((row) => row.dataset.jobId);
    expect(ids).toContain('job-050000');
    expect(ids).not.toContain('job-000000');
    expect(pictureUrls()).toContain('/asset-bytes/cap/local/a-50000');
    expect(pictureUrls().length).toBeLessThan(40);
    expect(fetchNextPage).not.toHaveBeenCalled();
  });

  it('asks for the next page when the end of the loaded rows comes into view', () => {
    const fetchNextPage = vi.fn();
    render(
      <VirtualJobRows
        rows={manyRows(10)}
        openJobId={null}
        cursorId={null}
        selected={new Set()}
        hasNextPage
        isFetchingNextPage={false}
        fetchNextPage={fetchNextPage}
        onRowClick={() => undefined}
        thumbnailUrl={thumbnailUrl}
        drawPoster={() => Promise.resolve(false)}
      />,
    );
    expect(fetchNextPage).toHaveBeenCalled();
    expect(screen.getByText('Loading more jobs…')).toBeTruthy();
  });
});
