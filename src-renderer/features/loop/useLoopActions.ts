// Vary this, Vary around this (after confirming), and Use as input: each reads through the contract, then
// fills New batch's draft (newBatchStore) and shows it.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { JobRecipe } from '../../../src-shared/contract';
import { unwrap } from '../../lib/callError';
import { useLoupe } from '../../lib/loupeContext';
import { profilesQuery } from '../../queries/appQueries';
import { useSetActiveProfile } from '../../queries/useSetActiveProfile';
import { useUiStore } from '../../stores/uiStore';
import { defaultFileTarget, fileTargets } from '../batches/newBatch/inputsTargets';
import { useNewBatch } from '../batches/newBatch/newBatchStore';
import { readWorkflowText } from '../batches/newBatch/workflowReading';
import { varyDraft } from './varyDraft';

export function useLoopActions() {
  const loupe = useLoupe();
  const setActive = useSetActiveProfile();
  const shownProfileId = useQuery(profilesQuery(loupe)).data?.activeProfileId ?? null;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  /** Runs one action; true when it finished, false when it failed (its words are in `problem`). */
  const guarded = async (work: () => Promise<void>): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
      return true;
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'It did not work.');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const recipe = (profileId: string, jobId: string): Promise<JobRecipe> =>
    unwrap(loupe.jobs.recipe({ profileId, jobId }));

  /**
   * New batch with the job's workflow. It plans on the profile the window shows, so the window switches to
   * the job's own profile first when it shows another (a library entry can be on any profile).
   */
  const openDraft = async (job: JobRecipe, profileId: string, jobId: string, sweeps?: readonly string[]) => {
    if (job.problem !== null || job.workflowJson === null) {
      throw new Error(job.problem ?? 'This job has no workflow Loupe can run.');
    }
    const draft = varyDraft(job, jobId, sweeps);
    if (shownProfileId !== profileId) await setActive.mutateAsync(profileId);
    const store = useNewBatch.getState();
    store.loadDraft(draft);
    store.openNewBatch();
    useUiStore.getState().setSection('batches');
  };

  return {
    busy,
    problem,
    varyThis: (profileId: string, jobId: string) =>
      guarded(async () => openDraft(await recipe(profileId, jobId), profileId, jobId)),
    /** The neighbourhood's sweeps, already confirmed by the user. */
    varyWith: (job: JobRecipe, profileId: string, jobId: string, sweeps: readonly string[]) =>
      guarded(() => openDraft(job, profileId, jobId, sweeps)),
    /**
     * Outputs of `fromProfileId` onto an inputs axis of New batch on `toProfileId`: by hash first in main,
     * uploaded only when that service lacks the bytes. New batch plans on the profile the window shows, so
     * the window switches to `toProfileId` when it shows another.
     */
    useAsInput: (fromProfileId: string, toProfileId: string, assetIds: readonly string[]) =>
      guarded(async () => {
        const brought = await unwrap(
          loupe.assets.bringOver({ profileId: toProfileId, fromProfileId, assetIds: [...assetIds] }),
        );
        if (shownProfileId !== toProfileId) await setActive.mutateAsync(toProfileId);
        const store = useNewBatch.getState();
        const workflow = store.draft.workflow;
        const reading = workflow === null ? null : readWorkflowText(workflow.text);
        const targets = reading?.kind === 'api' ? fileTargets(reading.nodes) : [];
        const taken = new Set(store.draft.inputs.map((axis) => axis.target));
        store.addInputs(
          defaultFileTarget(targets, taken) ?? '',
          brought.assets.map((asset) => asset.assetId),
        );
        store.openNewBatch();
        useUiStore.getState().setSection('batches');
      }),
  };
}
