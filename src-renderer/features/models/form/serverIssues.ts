// A 422 from the Router, placed on the form: each detail's `loc` (rooted at `body`, outermost first) names
// a field, which gets the provider's `msg` as its error (rjsf extraErrors). Issues whose field the form does
// not draw are listed with the error instead, and an issue goes away once its field is edited.
import { ErrorSchemaBuilder, type ErrorSchema } from '@rjsf/utils';
import type { JsonValue } from './inputDraft';
import type { FormValue } from './schemaValidator';
import { issuePathKey, type ValidationIssue } from './formContext';

/** The field path a `loc` names: FastAPI-style locations start with where the value was (`body`). */
export function issueFieldPath(loc: readonly (string | number)[]): (string | number)[] {
  return loc[0] === 'body' ? loc.slice(1) : [...loc];
}

export function serverIssueIndex(issues: readonly ValidationIssue[]): Map<string, ValidationIssue[]> {
  const index = new Map<string, ValidationIssue[]>();
  for (const issue of issues) {
    const key = issuePathKey(issueFieldPath(issue.loc));
    index.set(key, [...(index.get(key) ?? []), issue]);
  }
  return index;
}

export function extraErrorsOf(issues: readonly ValidationIssue[]): ErrorSchema<FormValue> {
  const builder = new ErrorSchemaBuilder<FormValue>();
  for (const issue of issues) {
    const path = issueFieldPath(issue.loc).map(String);
    builder.addErrors(issue.msg, path.length === 0 ? undefined : path);
  }
  return builder.ErrorSchema;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether the form draws a field at `path` (an object's property, or an item of a list). */
export function schemaHasPath(schema: unknown, path: readonly (string | number)[]): boolean {
  let node: unknown = schema;
  for (const segment of path) {
    if (!isRecord(node)) return false;
    if (typeof segment === 'number' || /^\d+$/.test(segment)) {
      node = node.items;
    } else if (isRecord(node.properties) && Object.hasOwn(node.properties, segment)) {
      node = node.properties[segment];
    } else {
      return false;
    }
  }
  return isRecord(node);
}

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let node = value;
  for (const segment of path) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isRecord(node)) node = node[String(segment)];
    else return undefined;
  }
  return node;
}

/** The issues whose field still holds what was refused: an edited field has had its answer. */
export function standingIssues(
  issues: readonly ValidationIssue[],
  sent: JsonValue,
  now: JsonValue,
): ValidationIssue[] {
  return issues.filter((issue) => {
    const path = issueFieldPath(issue.loc);
    return JSON.stringify(valueAt(sent, path)) === JSON.stringify(valueAt(now, path));
  });
}
