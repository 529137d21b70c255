// What a failed send means, for the store and for the user. The store needs one fact: did the request
// certainly create nothing (`failed`: a retry may go out with a new key) or may it have (`unknown`: the key
// stays claimed, v2 rule 5, and a retry first checks by hash). The user needs words, and to know when the
// bytes that arrived were not the bytes that were hashed (corruption), which is never retried blindly.
import { isApiError } from '../api';
import type { OutboxFailure } from '../store';
import type { UploadOutcome } from '../../../src-shared/contract';

export interface SendContext {
  /** The multipart upload sends file bytes; from-hash sends a small JSON body. */
  kind: 'upload' | 'from-hash';
  signal: AbortSignal;
  /** Every file byte was handed to the connection (so the service may have the whole body). */
  sentAllBytes: boolean;
  /** Reading the file, not the network, ended the request. */
  sourceFailure: Error | null;
}

export interface ClassifiedFailure {
  record: OutboxFailure;
  outcome: UploadOutcome;
}

export const CORRUPTION_MESSAGE =
  'The bytes that reached the service are not the bytes Loupe hashed: the file changed while it was ' +
  'being uploaded, or the disk returned different data. Nothing was created. Check the file, then retry.';

const UNKNOWN_MESSAGE =
  'The connection ended before the service answered, so the asset may exist. A retry checks by hash ' +
  'before sending anything again.';

function failed(code: string, message: string, corruption = false): ClassifiedFailure {
  return {
    record: { outcome: 'failed', error: `${code}: ${message}` },
    outcome: { kind: 'failed', code, message, corruption, outcomeUnknown: false },
  };
}

function unknown(code: string, detail: string): ClassifiedFailure {
  return {
    record: { outcome: 'unknown', error: `${code}: ${detail}` },
    outcome: {
      kind: 'failed',
      code: 'outcome_unknown',
      message: UNKNOWN_MESSAGE,
      corruption: false,
      outcomeUnknown: true,
    },
  };
}

export function classifySendFailure(error: unknown, context: SendContext): ClassifiedFailure {
  if (context.signal.aborted) {
    // A multipart body cut short cannot become an asset: the service never saw the whole file.
    if (context.kind === 'upload' && !context.sentAllBytes) {
      return {
        record: { outcome: 'failed', error: 'canceled before all bytes were sent' },
        outcome: { kind: 'canceled', message: 'Canceled before all bytes were sent; nothing was created.' },
      };
    }
    return {
      record: { outcome: 'unknown', error: 'canceled after the request was sent' },
      outcome: {
        kind: 'canceled',
        message: 'Canceled after the request was sent: the asset may exist. A retry checks by hash first.',
      },
    };
  }
  if (context.sourceFailure !== null) {
    return failed('file_changed', `${context.sourceFailure.message} ${CORRUPTION_MESSAGE}`, true);
  }
  if (!isApiError(error)) return unknown('internal', error instanceof Error ? error.message : 'no answer');
  if (error.code === 'hash_mismatch') return failed('hash_mismatch', CORRUPTION_MESSAGE, true);
  switch (error.kind) {
    case 'maybe-created':
    case 'timeout':
    case 'invalid-response':
      return unknown(error.code, error.message);
    case 'network':
      return error.notSent ? failed(error.code, error.message) : unknown(error.code, error.message);
    case 'http':
      // Keyed uploads reach here as 'maybe-created' on a 5xx; from-hash carries no key, so its 5xx does.
      return error.status >= 500 && error.status !== 501
        ? unknown(error.code, error.message)
        : failed(error.code, error.message);
    case 'invalid-request':
    case 'credential':
      return failed(error.code, error.message);
  }
}
