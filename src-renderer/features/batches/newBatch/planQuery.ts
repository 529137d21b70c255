// The preview as a query (rule 8: the planner's answer is server state). Its key is the profile (the check
// uses that service's object_info) and the request's small fingerprint; the args themselves ride in the
// query function. The previous answer stays on screen while the next one is worked out, so the table does
// not flash at every keystroke.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LoupeApi } from '../../../../src-preload/buildApi';
import type { BatchPlanPreview } from '../../../../src-shared/contract';
import { unwrap } from '../../../lib/callError';
import type { PlanRequest } from './planRequest';

export const planKeys = {
  all: ['batchPlan'] as const,
  plan: (profileId: string, key: string) => ['batchPlan', profileId, key] as const,
};

export const batchPlanQuery = (loupe: LoupeApi, profileId: string, request: PlanRequest | null) =>
  queryOptions({
    queryKey: planKeys.plan(profileId, request?.key ?? ''),
    queryFn: (): Promise<BatchPlanPreview> => {
      if (request === null) throw new Error('There is nothing to plan yet.');
      return unwrap(loupe.batches.plan({ ...request.args, profileId }));
    },
    enabled: request !== null,
    placeholderData: keepPreviousData,
    // The same plan gives the same answer; only the service's node list could change, and a minute is plenty.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
    // A refused plan is the user's input to change, never a hiccup to retry.
    retry: false,
  });
