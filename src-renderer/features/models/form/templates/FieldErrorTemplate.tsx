import { errorId, type FieldErrorProps } from '@rjsf/utils';
import { useState } from 'react';
import { DetailsToggle } from '../../../../components/DetailsToggle';
import { visibleText } from '../../../../lib/visibleText';
import { isModelFormContext, issuePathKey, type ValidationIssue } from '../formContext';
import type { FormValue } from '../schemaValidator';

/** The provider's own reason for one issue (its `type`, and the bound it broke), one click away. */
function IssueDetails({ issue }: { issue: ValidationIssue }) {
  const [shown, setShown] = useState(false);
  return (
    <>
      {' '}
      <DetailsToggle shown={shown} onToggle={() => setShown((value) => !value)} />
      {shown ? (
        <span
          className="mt-0.5 block font-mono text-[10px] text-faint select-text"
          data-testid="issue-details"
        >
          type: {visibleText(issue.type)}
          {issue.ctx === null ? '' : ` · ctx: ${visibleText(JSON.stringify(issue.ctx))}`}
          {` · loc: ${visibleText(issue.loc.map(String).join('.'))}`}
        </span>
      ) : null}
    </>
  );
}

/**
 * A field's errors, in red under it. Those the Router sent (a 422) say so and keep the provider's `type`
 * one click away; those the form found before sending are words only.
 */
export function FieldErrorTemplate({ errors = [], fieldPathId, registry }: FieldErrorProps<FormValue>) {
  const messages = errors.filter((error): error is string => typeof error === 'string' && error !== '');
  if (messages.length === 0) return null;
  const context: unknown = registry.formContext;
  const issues = isModelFormContext(context)
    ? (context.serverIssues.get(issuePathKey(fieldPathId.path)) ?? [])
    : [];
  return (
    <ul id={errorId(fieldPathId)} className="pt-0.5 text-[11px] leading-4" data-testid="field-errors">
      {messages.map((message, index) => {
        const issue = issues.find((candidate) => candidate.msg === message);
        return (
          <li key={`${index}-${message}`} className="text-state-failed">
            {issue ? <span className="text-faint">The model says: </span> : null}
            {visibleText(message)}
            {issue ? <IssueDetails issue={issue} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
