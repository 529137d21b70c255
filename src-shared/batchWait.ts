// Why a batch that is sending sends nothing for a while, in one place for the window and the CLI: the run
// loop waits out refusals that mean "not now" (spec: 429 with Retry-After; a serverless deployment still
// starting) and a key that cannot be read from a locked keychain. Each is said with what the user can do.
import type { BatchWait, BatchWaitReason } from './contracts/batches';

/** The refusal or error code the run loop met → the reason it waits, or null when the code is no wait. */
export function batchWaitReasonOf(code: string): BatchWaitReason | null {
  switch (code) {
    case 'queue_full':
      return 'queue_full';
    case 'deployment_not_ready':
    case 'deployment_unavailable':
      return 'service_starting';
    case 'credential_unavailable':
      return 'keychain_locked';
    default:
      return null;
  }
}

const REASON_WORDS: Record<BatchWaitReason, string> = {
  queue_full: "the service's queue is full",
  service_starting: 'the service is not ready yet',
  keychain_locked: "the keychain holding this profile's API key is locked; unlock it to go on",
};

/** "Waiting: the service's queue is full, trying again in 12 s". `now` is the clock `retryAt` was set by. */
export function batchWaitWords(wait: BatchWait, now: number): string {
  const seconds = Math.ceil((wait.retryAt - now) / 1000);
  const again = seconds > 0 ? `trying again in ${seconds} s` : 'trying again now';
  return `Waiting: ${REASON_WORDS[wait.reason]} (${again})`;
}
