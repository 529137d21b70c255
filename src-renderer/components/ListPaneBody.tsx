import type { ReactNode } from 'react';
import { LoadingNote } from './LoadingNote';
import { QueryErrorNotice } from './QueryErrorNotice';

interface ListPaneBodyProps {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  /** How many rows the list holds now. */
  count: number;
  /** What the first load waits for, e.g. "Loading jobs…". */
  loading: string;
  /** What a failed first read was for, e.g. "load the job list". */
  doing: string;
  /** What shows when there are no rows (and nothing failed). */
  empty: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/**
 * A list pane's body: the first load, a first read that failed, nothing yet, or the rows. A later read that
 * fails keeps the rows it has (the pane says so at its foot, with ListReadError), so Jobs and Batches agree.
 */
export function ListPaneBody({ query, count, loading, doing, empty, children }: ListPaneBodyProps) {
  if (query.isPending) return <LoadingNote>{loading}</LoadingNote>;
  if (query.isError && count === 0) return <QueryErrorNotice doing={doing} query={query} />;
  return <>{count === 0 ? empty : children}</>;
}
