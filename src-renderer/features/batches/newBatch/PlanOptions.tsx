import { useId, type ReactNode } from 'react';
import { INPUT_CLASS } from '../../../components/FormField';
import { InlineError } from '../../../components/InlineError';
import { AutoRetryOption } from './AutoRetryOption';
import type { NewBatchDraft } from './newBatchStore';
import type { PlacedError } from './planErrorPlace';
import { PLAN_LIMITS, type DraftCheck } from './planRequest';

interface PlanOptionsProps {
  draft: NewBatchDraft;
  check: DraftCheck;
  /** The planner's refusal when it names repeat or zip. */
  planError: PlacedError | null;
  onRepeat: (repeat: string) => void;
  onZip: (zip: boolean) => void;
  onName: (name: string) => void;
  onWindow: (window: string) => void;
  onAutoRetry: (on: boolean) => void;
  onAutoRetryAttempts: (attempts: string) => void;
}

interface OptionFieldProps {
  label: string;
  /** What the field means, on hover and for assistive tech (the row below says it for all four). */
  hint: string;
  error: string | null;
  className: string;
  children: (ids: { inputId: string; invalid: boolean; describedBy: string }) => ReactNode;
}

/** A label over a small control: four of them share one row, so the preview keeps the room. */
function OptionField({ label, hint, error, className, children }: OptionFieldProps) {
  const inputId = useId();
  const hintId = useId();
  return (
    <div className={className} title={hint}>
      <label htmlFor={inputId} className="mb-0.5 block text-[11px] text-muted">
        {label}
      </label>
      {children({ inputId, invalid: error !== null, describedBy: hintId })}
      <span id={hintId} className="sr-only">
        {hint}
      </span>
      {error === null ? null : <p className="mt-0.5 text-[11px] text-state-failed">{error}</p>}
    </div>
  );
}

/**
 * The batch's name and window, copies with fresh seeds, how the axes combine (every combination, or zipped),
 * and whether failures that look transient are sent again.
 */
export function PlanOptions({
  draft,
  check,
  planError,
  onRepeat,
  onZip,
  onName,
  onWindow,
  onAutoRetry,
  onAutoRetryAttempts,
}: PlanOptionsProps) {
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <OptionField
          label="Name"
          hint="The batch's name in the list."
          error={check.nameError}
          className="min-w-48 flex-1"
        >
          {({ inputId, invalid, describedBy }) => (
            <input
              id={inputId}
              className={INPUT_CLASS}
              value={check.name}
              maxLength={PLAN_LIMITS.name}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              autoComplete="off"
              onChange={(event) => onName(event.target.value)}
            />
          )}
        </OptionField>
        <OptionField
          label="At a time"
          hint={`Items sent and in flight at once, 1 to ${PLAN_LIMITS.window}.`}
          error={check.windowError}
          className="w-24"
        >
          {({ inputId, invalid, describedBy }) => (
            <input
              id={inputId}
              className={`${INPUT_CLASS} tabular-nums`}
              value={draft.window}
              inputMode="numeric"
              aria-invalid={invalid}
              aria-describedby={describedBy}
              autoComplete="off"
              onChange={(event) => onWindow(event.target.value)}
            />
          )}
        </OptionField>
        <OptionField
          label="Repeat"
          hint="Copies of each item, each with fresh seeds. Blank: once, with the workflow's own seeds."
          error={check.repeatError}
          className="w-24"
        >
          {({ inputId, invalid, describedBy }) => (
            <input
              id={inputId}
              className={`${INPUT_CLASS} tabular-nums`}
              value={draft.repeat}
              inputMode="numeric"
              placeholder="once"
              aria-invalid={invalid || planError?.place.kind === 'repeat'}
              aria-describedby={describedBy}
              autoComplete="off"
              onChange={(event) => onRepeat(event.target.value)}
            />
          )}
        </OptionField>
        <OptionField
          label="Zip the axes"
          hint="Pair the axes value by value instead of taking every combination; they must be equally long."
          error={null}
          className="w-28"
        >
          {({ inputId, describedBy }) => (
            <span className="flex h-7 items-center">
              <input
                id={inputId}
                type="checkbox"
                className="h-3.5 w-3.5 accent-[var(--accent)]"
                checked={draft.zip}
                aria-describedby={describedBy}
                aria-invalid={planError?.place.kind === 'zip'}
                onChange={(event) => onZip(event.target.checked)}
              />
            </span>
          )}
        </OptionField>
      </div>
      <p className="text-[11px] text-faint">
        Repeat makes copies with fresh seeds; zip pairs the axes value by value instead of every combination.
      </p>
      <AutoRetryOption
        on={draft.autoRetry}
        attempts={draft.autoRetryAttempts}
        error={check.autoRetryError}
        onToggle={onAutoRetry}
        onAttempts={onAutoRetryAttempts}
      />
      {planError === null ? null : (
        <InlineError message={planError.message} nextStep={planError.nextStep} code={planError.code} />
      )}
    </div>
  );
}
