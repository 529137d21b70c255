// Typing a sweep changes the request at every key press; the planner is asked once the typing pauses.
import { useEffect, useRef, useState } from 'react';
import type { PlanRequest } from './planRequest';

/** How long the draft has to stay still before the preview is asked for. */
export const PREVIEW_DELAY_MS = 300;

/** The request once it has not changed for `delayMs` (compared by its key, since its object is new each render). */
export function useSettledRequest(
  request: PlanRequest | null,
  delayMs = PREVIEW_DELAY_MS,
): PlanRequest | null {
  const [settled, setSettled] = useState<PlanRequest | null>(null);
  const latest = useRef(request);
  useEffect(() => {
    latest.current = request;
  });
  const key = request?.key ?? null;
  useEffect(() => {
    const timer = setTimeout(() => setSettled(latest.current), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled;
}
