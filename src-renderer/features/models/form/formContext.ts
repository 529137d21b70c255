// What the generated form's templates need beyond rjsf's own props: the Router's 422 issues by field, so each
// field shows the provider's message with its `type` one click away.
import type { RouterRunError } from '../../../../src-shared/contracts/models';

export type ValidationIssue = RouterRunError['validation'][number];

export interface ModelFormContext {
  /** Issues the Router sent for the last run, keyed by issuePathKey(field path). */
  serverIssues: ReadonlyMap<string, readonly ValidationIssue[]>;
}

/** One key for a field path, whether it came from rjsf (strings) or a 422 `loc` (strings and numbers). */
export function issuePathKey(path: readonly (string | number)[]): string {
  return JSON.stringify(path.map(String));
}

export function isModelFormContext(value: unknown): value is ModelFormContext {
  return typeof value === 'object' && value !== null && 'serverIssues' in value;
}
