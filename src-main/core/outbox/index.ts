// The outbox: recording, sending, reconciling and resuming submissions, in one place (ARCHITECTURE rule 6).
// Every write of a job lives here from the moment it is recorded until the service's answer (or the job
// that answer named) is in the store. core/jobs (a profile's runtime) builds these pieces; nothing here
// imports core/jobs.
//
// From the New batch button to the POST, hop by hop:
//
//   renderer  features/batches/newBatch/NewBatchButton.tsx opens NewBatchScreen.tsx (workflow, axes,
//             preview); its Start (StartBar.tsx, the form's submit) → useStartBatch.ts
//             → loupe.batches.start({ profileId, … })
//   bridge    src-preload/buildApi.ts → electron/ipcBinding.ts, or in the browser shell web/wsBridge.ts
//             (frameGuard.ts first)
//   main      core/rpc/dispatcher.ts: arguments bounded and parsed, the named profile must exist
//             core/batches/batchHandlers.ts 'batches.start': core/plan/planBatch.ts makes the items;
//             core/jobs/profileRuntimes.ts gives that profile's runtime (built if idle, whatever the
//             window shows)
//             outbox/plannedBatch.ts recordPlan: the batch and every item, each with its
//             Idempotency-Key, on disk
//             outbox/batchSenders.ts start: window, automatic retry and "sending" kept with the batch
//             outbox/batchRunner.ts: one run per batch, under the batch's lease (batchLease.ts)
//             outbox/batchRunLoop.ts: a window of sends at a time; a throw stops the run, never the
//             process, and batchSenders.ts records why
//             outbox/jobSubmitter.ts sendItem → outbox/itemSender.ts: the item marked sent, then the
//             request (partnerKey/partnerKeyPolicy.ts decides whether the partner key goes with it)
//             jobSources/serviceJobs.ts submit → api/writeOutcome.ts performWrite (created,
//             created-unread, refused, not-sent, unknown) → api/http.ts (the partner key is put in at
//             this last hop, partnerKeyBody.ts)
//             POST /api/v2/jobs
//   answer    itemSender.ts settles the item; an unknown or lost answer goes to submissionReconciler.ts,
//             and what a crash left unanswered to submissionResumer.ts at the next start.
export { BatchLeases, newLeaseOwner } from './batchLease';
export { BatchRunner, type BatchProgress, type RunOptions } from './batchRunner';
export { BatchSenders } from './batchSenders';
export { failureGroups, NOT_SENT_GROUP, type FailureGroup } from './failureGroups';
export { ItemSender } from './itemSender';
export { JobSubmitter, type RetryChanges } from './jobSubmitter';
export { PartnerKeyPolicy } from './partnerKey/partnerKeyPolicy';
export { PartnerNodeCatalog } from './partnerKey/partnerNodeCatalog';
export {
  recordPlan,
  recordPlannedBatch,
  type PlanRecordOptions,
  type PlannedItemInput,
  type RecordBatchDeps,
} from './plannedBatch';
export { axesOfPlan } from './recordedPlan';
export { SubmissionReconciler } from './submissionReconciler';
export { SubmissionResumer } from './submissionResumer';
