import { ErrorNotice } from './ErrorNotice';

interface QueryErrorNoticeProps {
  /** What the query was for, e.g. "load your profiles". */
  doing: string;
  query: { error: unknown; refetch: () => Promise<unknown> };
}

/** ErrorNotice for a read that failed, its "Try again" reading it again, so no screen wires that by hand. */
export function QueryErrorNotice({ doing, query }: QueryErrorNoticeProps) {
  return <ErrorNotice doing={doing} error={query.error} onRetry={() => void query.refetch()} />;
}
