import { useEffect, useRef, type ReactNode } from 'react';
import { NewBatchScreen } from './NewBatchScreen';
import { useNewBatch } from './newBatchStore';
import { useNewBatchShortcut } from './useNewBatchShortcut';

/**
 * The Batches screen's content, or New batch in its place while one is being planned. In its place rather
 * than over it: the list's keys and its drop-to-submit are not there to catch a key or a file meant for the
 * plan.
 */
export function NewBatchGate({ profileId, children }: { profileId: string; children: ReactNode }) {
  const open = useNewBatch((state) => state.open);
  useNewBatchShortcut();
  // Whatever had the focus went away with the screen it was on: a keyboard user lands back on New batch.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) document.querySelector<HTMLElement>('[data-new-batch-button]')?.focus();
    wasOpen.current = open;
  }, [open]);
  return open ? <NewBatchScreen profileId={profileId} /> : children;
}
