import { useCallback, useEffect, useRef, type MouseEvent } from 'react';
import { Button, LinkButton } from '../../../components/Button';
import { EmptyState } from '../../../components/EmptyState';
import { TitledError } from '../../../components/TitledError';
import { ListPaneBody } from '../../../components/ListPaneBody';
import { ListReadError } from '../../../components/ListReadError';
import { visibleText } from '../../../lib/visibleText';
import { SubmitButton } from '../actions/SubmitButton';
import { SubmitOutcome } from '../actions/SubmitOutcome';
import type { JobCommands } from '../actions/useJobCommands';
import type { WorkflowSubmitter } from '../actions/useSubmitWorkflow';
import { hasFilters, useJobsUi } from '../jobsUiStore';
import { LabelFilterInput } from './LabelFilterInput';
import { NoJobsYet } from './NoJobsYet';
import { SearchBox } from './SearchBox';
import { SelectionBar } from './SelectionBar';
import { selectByClick } from './selection';
import { StatusChips } from './StatusChips';
import { TimeRangePicker } from './TimeRangePicker';
import type { JobList } from './useJobList';
import { useRowPosterDrawer } from './useRowPosterDrawer';
import { useThumbnailUrl } from './useThumbnailUrl';
import { VirtualJobRows } from './VirtualJobRows';

interface JobListPaneProps {
  list: JobList;
  submitter: WorkflowSubmitter;
  commands: JobCommands;
}

/** The middle pane: search, filters, the list's notice, and the rows (or why there are none). */
export function JobListPane({ list, submitter, commands }: JobListPaneProps) {
  const { query, rows, notice } = list;
  const filters = useJobsUi((state) => state.filters);
  const clearFilters = useJobsUi((state) => state.clearFilters);
  const openJobId = useJobsUi((state) => state.openJobId);
  const cursorId = useJobsUi((state) => state.cursorId);
  const selected = useJobsUi((state) => state.selected);
  const thumbnailUrl = useThumbnailUrl();
  const drawPoster = useRowPosterDrawer();

  // One function for the list's life: a new one each time the rows change (every page, every live update)
  // would draw every memoised row again just to hand it over. A shift-click reads the rows of that moment.
  const rowsNow = useRef(rows);
  useEffect(() => {
    rowsNow.current = rows;
  }, [rows]);
  const onRowClick = useCallback((jobId: string, event: MouseEvent) => {
    const ui = useJobsUi.getState();
    const range = event.shiftKey;
    const toggle = event.ctrlKey || event.metaKey;
    const ids = range ? rowsNow.current.map((row) => row.id) : [];
    const next = selectByClick(ui, ids, jobId, { range, toggle });
    ui.setSelection(next.selected, next.anchorId);
    ui.setCursor(jobId);
    if (!range && !toggle) ui.openJob(jobId);
  }, []);

  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);

  const empty = hasFilters(filters) ? (
    <EmptyState
      title="No jobs match these filters"
      actions={<Button onClick={clearFilters}>Clear filters</Button>}
    >
      Try another state, label or time range, or clear the filters to see every job.
    </EmptyState>
  ) : (
    <NoJobsYet onFile={submitter.submit} />
  );

  return (
    <section aria-label="Job list" className="flex h-full min-w-0 flex-col">
      <div className="flex shrink-0 items-center gap-2 border-b border-line px-3 py-2">
        <SearchBox />
        <SubmitButton onFile={submitter.submit} disabled={submitter.mutation.isPending} />
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-1 border-b border-line px-3 py-2">
        <StatusChips />
        <TimeRangePicker />
        <LabelFilterInput />
        {hasFilters(filters) ? (
          <button
            type="button"
            onClick={clearFilters}
            className="ml-auto text-[11px] text-accent hover:underline"
          >
            Clear filters
          </button>
        ) : null}
      </div>
      {notice ? (
        <p
          data-testid="list-notice"
          className="shrink-0 border-b border-line bg-raised px-3 py-1.5 text-[11px] text-muted"
        >
          {visibleText(notice)}
        </p>
      ) : null}
      <SubmitOutcome submitter={submitter} />
      {commands.error ? (
        <TitledError
          words={commands.error}
          className="shrink-0 border-b border-line px-3 py-2"
          actions={<LinkButton onClick={commands.clearError}>Dismiss</LinkButton>}
        />
      ) : null}
      <SelectionBar rows={rows} commands={commands} />
      <ListPaneBody
        query={query}
        count={rows.length}
        loading="Loading jobs…"
        doing="load the job list"
        empty={empty}
      >
        <VirtualJobRows
          rows={rows}
          openJobId={openJobId}
          cursorId={cursorId}
          selected={selected}
          hasNextPage={query.hasNextPage}
          isFetchingNextPage={query.isFetchingNextPage}
          fetchNextPage={loadMore}
          onRowClick={onRowClick}
          thumbnailUrl={thumbnailUrl}
          drawPoster={drawPoster}
        />
      </ListPaneBody>
      {query.isError && rows.length > 0 ? (
        <ListReadError
          doing={query.isFetchNextPageError ? 'load more jobs' : 'refresh the list'}
          error={query.error}
          onRetry={loadMore}
        />
      ) : null}
    </section>
  );
}
