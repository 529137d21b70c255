import { useId, type ReactNode } from 'react';

export const INPUT_CLASS =
  'h-7 w-full min-w-0 rounded border bg-raised px-2 text-xs text-fg placeholder:text-faint aria-[invalid=true]:border-state-failed/70 border-line';

interface FieldIds {
  inputId: string;
  describedBy: string | undefined;
  invalid: boolean;
}

interface FormFieldProps {
  label: string;
  /** Optional words under the field; replaced by the errors when there are any. */
  hint?: ReactNode;
  /** Messages from the host, plain text, one per line. */
  errors?: readonly string[] | undefined;
  /** Renders the control with the ids it needs for its label and its description. */
  children: (ids: FieldIds) => ReactNode;
}

/** A label, a control, and one line under it for a hint or the errors (kept in place, so nothing jumps). */
export function FormField({ label, hint, errors, children }: FormFieldProps) {
  const inputId = useId();
  const noteId = useId();
  const invalid = (errors?.length ?? 0) > 0;
  const hasNote = invalid || hint !== undefined;
  return (
    <div className="grid grid-cols-[7.5rem_1fr] items-start gap-x-3">
      <label htmlFor={inputId} className="pt-1.5 text-xs text-muted">
        {label}
      </label>
      <div className="min-w-0">
        {children({ inputId, describedBy: hasNote ? noteId : undefined, invalid })}
        {/* A field with a hint keeps its note line, so an error replaces the hint without a jump. */}
        <div id={noteId} className={`pt-0.5 text-[11px] leading-4 ${hasNote ? 'min-h-4' : 'h-1'}`}>
          {invalid ? (
            errors?.map((message) => (
              <p key={message} className="text-state-failed">
                {message}
              </p>
            ))
          ) : hint !== undefined ? (
            <p className="text-faint">{hint}</p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
