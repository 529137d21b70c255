// Main's plan for each upload on the tray. It is main's answer, not the page's work, so it lives in React Query
// (ARCHITECTURE rule 8), never in uploadsStore: which of main's batches the upload became (uploads.start,
// uploads.prepareBytes) and, for each file the page hashed, main's id for it and what main asked the page to do
// with its bytes (uploads.prepareBytes, uploads.retryBytes). Nothing fetches it: it is written when those calls
// answer. uploadView joins it with the page's work (uploadsStore) and main's progress (uploadProgress).
import { queryOptions, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import type { BytesAction, BytesPlan } from '../../../../src-shared/contract';

/** Main's answer for one file the page hashed: where the file lives in main, and what to do with its bytes. */
export interface PlannedFile {
  batchId: string;
  fileId: string;
  action: BytesAction;
  /** Only with `send`: where to PUT the bytes. The page's putState says whether it was used. */
  sendUrl: string | null;
}

export interface UploadPlan {
  /** Main's batches for this upload, in the order planned (a retried local failure plans a batch of its own). */
  batchIds: readonly string[];
  /** By the page's file key; a file main has not planned yet is absent. */
  files: Readonly<Record<string, PlannedFile>>;
}

/** One file of a planned batch, by the page's key for it. */
export interface KeyedPlan {
  key: string;
  plan: BytesPlan;
}

export const NO_PLAN: UploadPlan = { batchIds: [], files: {} };

const planRoot = ['uploads', 'plan'] as const;
type PlanKey = readonly ['uploads', 'plan', string];

export const uploadPlanQuery = (uploadId: string) =>
  queryOptions<UploadPlan, Error, UploadPlan, PlanKey>({
    queryKey: [...planRoot, uploadId],
    // Written only from main's answers to the page's calls: there is nothing to read again.
    queryFn: skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/**
 * An upload goes on while the Assets screen is closed, when nothing observes its plan; React Query would collect
 * it after five minutes and the page would lose the ids it cancels and sends with. Dismissing the card removes it.
 */
function keepPlans(client: QueryClient): void {
  client.setQueryDefaults(planRoot, { gcTime: Infinity, staleTime: Infinity });
}

export function planOf(client: QueryClient, uploadId: string): UploadPlan {
  return client.getQueryData(uploadPlanQuery(uploadId).queryKey) ?? NO_PLAN;
}

export function plannedFile(client: QueryClient, uploadId: string, key: string): PlannedFile | null {
  return planOf(client, uploadId).files[key] ?? null;
}

/** Main planned a batch for this upload (uploads.prepareBytes: with its files; uploads.start: none of the page's). */
export function recordBatch(
  client: QueryClient,
  uploadId: string,
  batchId: string,
  files: readonly KeyedPlan[],
): void {
  keepPlans(client);
  client.setQueryData(uploadPlanQuery(uploadId).queryKey, (old = NO_PLAN): UploadPlan => {
    const planned = { ...old.files };
    for (const { key, plan } of files) {
      planned[key] = { batchId, fileId: plan.fileId, action: plan.action, sendUrl: plan.sendUrl };
    }
    return { batchIds: [...old.batchIds, batchId], files: planned };
  });
}

/** Main's new plan for a file it had planned before (uploads.retryBytes): same batch, new action and address. */
export function recordReplan(client: QueryClient, uploadId: string, key: string, plan: BytesPlan): void {
  client.setQueryData(uploadPlanQuery(uploadId).queryKey, (old) => {
    const before = old?.files[key];
    if (old === undefined || before === undefined) return old;
    const after: PlannedFile = { ...before, fileId: plan.fileId, action: plan.action, sendUrl: plan.sendUrl };
    return { ...old, files: { ...old.files, [key]: after } };
  });
}

/** The plans of dismissed uploads: kept without a time limit (keepPlans), so removed here. */
export function forgetPlans(client: QueryClient, uploadIds: readonly string[]): void {
  for (const uploadId of uploadIds) {
    client.removeQueries({ queryKey: uploadPlanQuery(uploadId).queryKey, exact: true });
  }
}

/** The plan for the screen: re-renders when main answers. */
export function useUploadPlan(uploadId: string): UploadPlan {
  return useQuery(uploadPlanQuery(uploadId)).data ?? NO_PLAN;
}
