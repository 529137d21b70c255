// The outbox: recording, sending, reconciling and resuming submissions, in one place (issue 20). Every write
// of a job is here from the moment it is recorded until the service's answer (or the job that answer named)
// is in the store. From the New batch button to the POST, hop by hop:
//
//   renderer  features/batches/newBatch/StartBar.tsx (Start) → useStartBatch.ts → loupe.batches.start({ profileId, … })
//   transport src-preload/buildApi.ts → Electron ipcBinding.ts, or the browser shell's web/wsBridge.ts (frameGuard first)
//   main      core/rpc/dispatcher.ts: arguments bounded and parsed, the named profile must exist
//             core/batches/batchHandlers.ts 'batches.start': core/plan/planBatch.ts makes the items
//             outbox/plannedBatch.ts recordPlan: the batch and every item, each with its Idempotency-Key, durable
//             core/jobs/profileRuntimes.ts: that profile's runtime (built if idle), whatever the window shows
//             outbox/batchSenders.ts start: window, automatic retry and "sending" stored with the batch
//             outbox/batchRunner.ts: the batch's lease (batchLease.ts), one run per batch
//             outbox/batchRunLoop.ts: a window of sends at a time, supervised (a throw pauses, never kills)
//             outbox/jobSubmitter.ts → outbox/itemSender.ts: the item marked sent, then the request
//             jobSources/serviceJobs.ts submit → api/writeOutcome.ts performWrite (created / created-unread /
//             refused / unknown) → api/http.ts (partner key added at this last hop, partnerKey/ decides)
//             POST /api/v2/jobs (or the v1 /api/prompt on a self-hosted proxy)
//   answer    itemSender.ts settles the item; an unknown or lost answer goes to submissionReconciler.ts,
//             and what a crash left unanswered to submissionResumer.ts at the next start.
export { BatchLeases, describeOwner, newLeaseOwner, ownerIsGone } from './batchLease';
export { BatchRunner, type BatchProgress } from './batchRunner';
export { BatchSenders } from './batchSenders';
export { failureGroups } from './failureGroups';
export { JobSubmitter } from './jobSubmitter';
export { recordPlan, recordPlannedBatch } from './plannedBatch';
export { SubmissionReconciler } from './submissionReconciler';
export { SubmissionResumer } from './submissionResumer';
export { isTransientFailure } from './transientFailure';
