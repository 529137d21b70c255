// "Your batch finished": a desktop notice when a batch goes from unfinished to finished while Loupe watches
// it. Only a change seen happening counts: a batch already finished when it is first seen (at launch, after a
// profile switch) says nothing. A batch of one is a single submit, and its job's own notice
// (hooks/jobFinishNotices.ts) already says it ended: a second notice would only repeat it.
import type { BatchSummary } from '../../../src-shared/contract';
import { desktopNotifier } from '../../lib/desktopNotifier';
import { visibleText } from '../../lib/visibleText';
import { useUiStore } from '../../stores/uiStore';
import { clipText } from '../jobs/clipText';
import { showProfileThen } from '../work/showProfile';
import { countsInWords } from './batchCounts';
import { useBatchesUi } from './batchesUiStore';

const NAME_CHARS = 120;

export interface BatchFinishNotices {
  /**
   * The profile's batches as a read found them; returns the ids a notice went out for. `profileName` names
   * the profile in the notice (a batch may end on a profile the window is not showing).
   */
  observe(profileId: string, batches: readonly BatchSummary[], profileName?: string): string[];
}

/** "Lighthouse sweep finished: 10 succeeded, 2 failed" (the name is untrusted: made visible, kept short). */
export function finishedText(batch: BatchSummary): string {
  return `${visibleText(clipText(batch.name, NAME_CHARS))} finished: ${countsInWords(batch.counts)}`;
}

export function createBatchFinishNotices(
  onOpen: (profileId: string, batchId: string) => void,
): BatchFinishNotices {
  // Whether each batch was finished when last seen, per profile (batch ids are Loupe's own UUIDs, but a
  // profile's record is its own world).
  const lastSeen = new Map<string, boolean>();
  return {
    observe: (profileId, batches, profileName) => {
      const sent: string[] = [];
      for (const batch of batches) {
        const key = `${profileId}\n${batch.id}`;
        const before = lastSeen.get(key);
        lastSeen.set(key, batch.finished);
        if (before !== false || !batch.finished || batch.itemCount <= 1) continue;
        desktopNotifier().notify({
          title: 'Batch finished',
          body:
            profileName === undefined
              ? finishedText(batch)
              : `${visibleText(clipText(profileName, NAME_CHARS))}: ${finishedText(batch)}`,
          tag: `loupe-batch-${batch.id}`,
          onClick: () => onOpen(profileId, batch.id),
        });
        sent.push(batch.id);
      }
      return sent;
    },
  };
}

/** The app's one instance: a click on a notice shows the batch's profile and opens it on the Batches screen. */
export const batchFinishNotices: BatchFinishNotices = createBatchFinishNotices((profileId, batchId) =>
  showProfileThen(profileId, () => {
    useBatchesUi.getState().showBatch(profileId, batchId);
    useUiStore.getState().setSection('batches');
  }),
);
