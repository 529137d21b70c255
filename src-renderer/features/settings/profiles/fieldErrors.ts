import { LoupeCallError } from '../../../lib/callError';

export type FieldErrors = Partial<Record<string, string[]>>;

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The per-field messages of an `invalid_profile` (or `built_in_readonly`) answer: `details.fields`. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof LoupeCallError)) return {};
  const details: unknown = error.detail.details;
  if (typeof details !== 'object' || details === null || !('fields' in details)) return {};
  const fields: unknown = details.fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(fields)) {
    if (isStringList(messages) && messages.length > 0) result[field] = messages;
  }
  return result;
}

/** Whether `details.reason` says why the keychain is unavailable (for the consent dialog). */
export function keychainReasonOf(error: unknown): string | undefined {
  if (!(error instanceof LoupeCallError)) return undefined;
  const details: unknown = error.detail.details;
  if (typeof details !== 'object' || details === null || !('reason' in details)) return undefined;
  return typeof details.reason === 'string' && details.reason !== 'unknown' ? details.reason : undefined;
}
