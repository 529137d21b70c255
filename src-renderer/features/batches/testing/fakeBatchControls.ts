// Test support for the open batch's sending controls and failures: answers for batches.control,
// batches.failures and batches.retryFailed that remember what was asked and answer as main would, to add to
// a fake batches host's overrides.
import type { BatchFailureGroup, BatchSending, CallName } from '../../../../src-shared/contract';
import type { Answer } from '../../../test/fakeHost';

export interface ControlAnswersOptions {
  /** The failure groups batches.failures answers, by batch id. */
  failures?: Record<string, BatchFailureGroup[]>;
  /** How many items batches.retryFailed says it sent again (default: the groups' items it names). */
  retried?: number;
  /** An error code every batches.control answers with, for the error states. */
  controlError?: { code: string; message: string };
  /** Where batches.sending says sending stands when a batch opens; without it the read is not answered. */
  sendingAtOpen?: BatchSending['state'];
  /** The reason batches.sending gives with that state (why it paused, who sends it). */
  reasonAtOpen?: string;
  /** What batches.sending says holds a sending batch back. */
  waitingAtOpen?: BatchSending['waiting'];
}

const settled = { autoRetry: null, reason: null, waiting: null } as const;

export function controlAnswers(options: ControlAnswersOptions = {}) {
  const sending = new Map<string, BatchSending>();
  const failures = options.failures ?? {};
  const current = (batchId: string): BatchSending =>
    sending.get(batchId) ?? { batchId, state: 'idle', window: 4, ...settled };
  const answers: Partial<Record<CallName, Answer>> = {
    'batches.sending': (raw) => {
      const { batchId } = raw as { batchId: string };
      if (options.sendingAtOpen === undefined) {
        return { ok: false, error: { code: 'not_faked', message: 'batches.sending is not answered here' } };
      }
      return {
        ok: true,
        value: sending.get(batchId) ?? {
          batchId,
          state: options.sendingAtOpen,
          window: 3,
          ...settled,
          reason: options.reasonAtOpen ?? null,
          waiting: options.waitingAtOpen ?? null,
        },
      };
    },
    'batches.control': (raw) => {
      if (options.controlError) return { ok: false, error: options.controlError };
      const { batchId, action, window } = raw as { batchId: string; action: string; window?: number };
      const was = current(batchId);
      const state: BatchSending['state'] =
        action === 'pause'
          ? 'paused'
          : action === 'resume'
            ? 'sending'
            : action === 'cancel'
              ? 'canceled'
              : was.state;
      const next: BatchSending = { batchId, state, window: window ?? was.window, ...settled };
      sending.set(batchId, next);
      return { ok: true, value: next };
    },
    'batches.failures': (raw) => {
      const { batchId } = raw as { batchId: string };
      return { ok: true, value: { groups: failures[batchId] ?? [] } };
    },
    'batches.retryFailed': (raw) => {
      const { batchId, code } = raw as { batchId: string; code?: string };
      const groups = (failures[batchId] ?? []).filter((group) => code === undefined || group.code === code);
      const retried = options.retried ?? groups.reduce((sum, group) => sum + group.itemIds.length, 0);
      const next: BatchSending = { batchId, state: 'sending', window: current(batchId).window, ...settled };
      sending.set(batchId, next);
      return { ok: true, value: { retried, sending: next } };
    },
  };
  return { answers, sending };
}
