import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { JobListPage } from '../../../../src-shared/contract';
import { useActiveProfileId } from '../../../hooks/useActiveProfileId';
import { useLoupe } from '../../../lib/loupeContext';
import { JOB_LIST_PAGE_SIZE, jobListQuery, rememberedListQuery } from '../../../queries/jobQueries';
import { jobKeys } from '../../../queries/jobKeys';
import { narrowedFromLoaded } from '../../../queries/narrowedList';
import { useJobsUi } from '../jobsUiStore';
import { flattenPages, type FlatRows } from './flattenPages';
import { listArgsFor } from './listArgs';

const NO_PAGES: readonly JobListPage[] = [];
/**
 * How long the host gets to answer before the remembered rows are drawn in its place. A quick answer (a
 * service that is up) then replaces nothing, so the list never shows memory's rows for a blink before the
 * service's; a slow one (seconds when the service is down) waits no longer than this for a first paint.
 */
const MEMORY_PATIENCE_MS = 150;

/** False until `ms` have passed since `key` last changed (while `waiting`). */
function usePatienceSpent(key: unknown, waiting: boolean, ms: number): boolean {
  const [spentFor, setSpentFor] = useState<unknown>(null);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setSpentFor(() => key), ms);
    return () => clearTimeout(timer);
  }, [key, waiting, ms]);
  return spentFor === key;
}
/** By pages: the Jobs screen mounted again (back from another screen) finds its 100,000 rows made. */
const flattened = new WeakMap<readonly JobListPage[], FlatRows>();

/** The job list for the current filters: every loaded page as one array of rows, newest first. */
export function useJobList() {
  const loupe = useLoupe();
  const profileId = useActiveProfileId();
  const filters = useJobsUi((state) => state.filters);
  const args = useMemo(() => listArgsFor(filters), [filters]);
  const client = useQueryClient();
  // Until the host's answer is in (it waits for the service, seconds when that is slow or down), the rows
  // Loupe remembers are drawn at once: a start paints from memory, never from the network.
  // Once any list is in the page, a new filter narrows what is loaded instead (narrowedList.ts).
  const loaded =
    profileId !== null &&
    (client.getQueryData(jobKeys.list(profileId, args)) !== undefined ||
      client.getQueryData(jobKeys.list(profileId, {})) !== undefined);
  const remembered = useQuery({
    ...rememberedListQuery(loupe, profileId ?? '', args),
    enabled: profileId !== null && !loaded,
  });
  const patienceSpent = usePatienceSpent(args, profileId !== null && !loaded, MEMORY_PATIENCE_MS);
  const fromMemory = patienceSpent ? (remembered.data ?? undefined) : undefined;
  // One function per list, so React Query works the placeholder out once, not on every render: the loaded
  // rows narrowed to the new filters first (they are already in the page), else the remembered page.
  const placeholderData = useCallback(
    () =>
      profileId === null
        ? undefined
        : (narrowedFromLoaded(client, profileId, args, JOB_LIST_PAGE_SIZE) ?? fromMemory),
    [client, profileId, args, fromMemory],
  );
  const query = useInfiniteQuery({
    ...jobListQuery(loupe, profileId ?? '', args),
    enabled: profileId !== null,
    placeholderData,
  });
  // The last flattening, which the next one builds on (flattenPages.ts). Each call with the same pages and
  // the same previous result gives the same rows, so a render React repeats or drops leaves it right.
  const flat = useRef<FlatRows | null>(null);
  const rows = useMemo(() => {
    const pages = query.data?.pages ?? NO_PAGES;
    const next = flattened.get(pages) ?? flattenPages(pages, flat.current);
    flattened.set(pages, next);
    flat.current = next;
    return next.rows;
  }, [query.data]);
  const first = query.data?.pages[0];
  return { query, rows, notice: first?.notice ?? null, source: first?.source ?? null };
}

export type JobList = ReturnType<typeof useJobList>;
