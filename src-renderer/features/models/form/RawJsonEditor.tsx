import { useId, type Ref } from 'react';
import { visibleText } from '../../../lib/visibleText';
import type { SchemaIssue } from './schemaCheck';
import type { ValidationIssue } from './formContext';
import { issueFieldPath } from './serverIssues';

interface RawJsonEditorProps {
  text: string;
  /** Why the text does not read as JSON; null while it does. */
  textError: string | null;
  /** Problems the schema check found when Run was pressed (the text reads but is not right). */
  schemaIssues: readonly SchemaIssue[];
  /** The Router's own refusals still standing. */
  serverIssues: readonly ValidationIssue[];
  onText: (text: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
}

function pathText(path: readonly (string | number)[]): string {
  return path.length === 0 ? '(the whole input)' : path.map(String).join('.');
}

/**
 * The model's input as JSON text, edited by hand. Whatever is typed stays, even when it does not read as
 * JSON; the complaint is shown under it, in words, until it reads again.
 */
export function RawJsonEditor({
  text,
  textError,
  schemaIssues,
  serverIssues,
  onText,
  ref,
}: RawJsonEditorProps) {
  const noteId = useId();
  const problems = textError === null && (schemaIssues.length > 0 || serverIssues.length > 0);
  return (
    <div className="space-y-1.5">
      <textarea
        ref={ref}
        value={text}
        onChange={(event) => onText(event.target.value)}
        aria-label="The model’s input as JSON"
        aria-invalid={textError !== null || problems}
        aria-describedby={noteId}
        spellCheck={false}
        rows={Math.min(24, Math.max(8, text.split('\n').length + 1))}
        className="block w-full resize-y rounded border border-line bg-canvas px-3 py-2 font-mono text-[11px] leading-5 text-fg aria-[invalid=true]:border-state-failed/70"
        data-testid="raw-json"
      />
      <div id={noteId} className="text-[11px] leading-4">
        {textError !== null ? (
          <p role="alert" className="text-state-failed" data-testid="raw-json-error">
            This is not valid JSON: {visibleText(textError)}. Your text is kept as typed; fix it to run or to
            go back to the form.
          </p>
        ) : problems ? (
          <ul role="alert" className="space-y-0.5 text-state-failed" data-testid="raw-json-issues">
            {schemaIssues.map((issue, index) => (
              <li key={`s${index}`}>
                <span className="font-mono">{visibleText(pathText(issue.path))}</span>: {issue.message}
              </li>
            ))}
            {serverIssues.map((issue, index) => (
              <li key={`r${index}`}>
                <span className="font-mono">{visibleText(pathText(issueFieldPath(issue.loc)))}</span>:{' '}
                <span className="text-faint">the model says</span> {visibleText(issue.msg)}{' '}
                <span className="font-mono text-faint">({visibleText(issue.type)})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-faint">Edits here and in the form are the same input: switch at any time.</p>
        )}
      </div>
    </div>
  );
}
