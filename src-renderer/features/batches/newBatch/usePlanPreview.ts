// The preview of the draft: the planner's answer for the settled request, and whether that answer is for what
// is on screen now. Start waits for "ready"; the screen keeps showing the last answer (a table or an error)
// while the next one is worked out, so neither flashes away between key presses.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { BatchPlanPreview } from '../../../../src-shared/contract';
import { useLoupe } from '../../../lib/loupeContext';
import { batchPlanQuery } from './planQuery';
import type { PlanRequest } from './planRequest';
import { useSettledRequest } from './useSettledRequest';

interface Outcome {
  data: BatchPlanPreview | null;
  error: unknown;
}

export interface PlanPreviewState extends Outcome {
  /**
   * idle: nothing to plan (no workflow, or a field to fix first); loading: the answer for the current draft
   * is not in yet (`data` / `error` are then the last answer, for an earlier draft); ready / error: it is.
   */
  status: 'idle' | 'loading' | 'ready' | 'error';
}

const NOTHING: Outcome = { data: null, error: null };

export function usePlanPreview(profileId: string, request: PlanRequest | null): PlanPreviewState {
  const loupe = useLoupe();
  const settled = useSettledRequest(request);
  const { data, error, isError, isSuccess, isPlaceholderData, isFetching } = useQuery(
    batchPlanQuery(loupe, profileId, settled),
  );
  // An answer for the settled request itself, not the one kept on screen while it was asked for.
  const answered = settled !== null && !isFetching && (isError || (isSuccess && !isPlaceholderData));
  const answer: Outcome | null = answered ? (isError ? { data: null, error } : { data, error: null }) : null;
  const [kept, setKept] = useState<Outcome>(NOTHING);
  useEffect(() => {
    if (answered) setKept(isError ? { data: null, error } : { data, error: null });
  }, [answered, isError, data, error]);

  if (request === null) return { status: 'idle', ...NOTHING };
  if (answer === null) return { status: 'loading', ...kept };
  // Answered, but for a draft the user has since changed (the next ask waits for the typing to pause).
  if (settled?.key !== request.key) return { status: 'loading', ...answer };
  return { status: isError ? 'error' : 'ready', ...answer };
}
