import { LoupeCallError } from '../lib/callError';

/** Words for codes whose host message alone does not say what to do next. */
const NEXT_STEP: Record<string, string> = {
  demo_failed_to_start:
    'The Demo server runs inside Loupe on a free local port. Try again; if it keeps failing, restart Loupe.',
  keychain_unavailable: 'Start or unlock your system keychain, then try again.',
  not_available: 'This Loupe build cannot do that yet.',
  call_too_large:
    'Make it smaller: a workflow or table of a few megabytes at most, or, for a model’s input, upload the ' +
    'file in Assets and choose it from there instead of dropping it in.',
  response_too_large:
    'Loupe stopped reading an answer from the service that was far larger than it should be, so nothing was ' +
    'changed by it. Check that the connection’s address points at the service itself; if it does, the ' +
    'service is misbehaving: try again later, or tell whoever runs it.',
  transport_lost: 'Loupe lost the connection to its host process; it reconnects on its own.',
  store_damaged: 'Loupe’s data file is damaged. Loupe shows what happened and how to start again.',
  store_read_only:
    'Make the folder and its loupe.db writable (check permissions, and that the disk is not mounted read-only), then try again.',
  disk_full:
    'Free some space on the disk that holds Loupe’s data, then try again. What was saved before is safe.',
  store_io_error: 'Check the disk that holds Loupe’s data, then try again.',
  schema_too_new: 'Update Loupe to open this data file.',
  nothing_to_recover: 'Loupe’s data file is fine; there is nothing to do.',
};

export interface ErrorText {
  /** What happened, in words (plain text: it may come from a remote server). */
  message: string;
  /** What the user can do next, when Loupe knows more than the message says. */
  nextStep: string | undefined;
  /** The raw code, for the "Details" disclosure. */
  code: string;
}

export function errorText(error: unknown): ErrorText {
  if (error instanceof LoupeCallError) {
    return { message: error.message, nextStep: NEXT_STEP[error.code], code: error.code };
  }
  return {
    message: error instanceof Error ? error.message : 'Something went wrong.',
    nextStep: undefined,
    code: 'unexpected',
  };
}
