import { LoadingNote } from './LoadingNote';
import { QueryErrorNotice } from './QueryErrorNotice';

interface LoadingOrErrorProps {
  query: { isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  /** What the read is for, e.g. "read this batch". */
  doing: string;
  /** What is being waited for, e.g. "Loading the batch…". */
  loading: string;
}

/** A detail pane before its first answer: the wait, or why the read failed and Try again. */
export function LoadingOrError({ query, doing, loading }: LoadingOrErrorProps) {
  return query.isError ? (
    <QueryErrorNotice doing={doing} query={query} />
  ) : (
    <LoadingNote>{loading}</LoadingNote>
  );
}
