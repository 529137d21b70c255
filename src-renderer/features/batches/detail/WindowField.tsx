import { useEffect, useId, useRef, useState } from 'react';
import { INPUT_CLASS } from '../../../components/FormField';
import { Spinner } from '../../../components/Spinner';

/** The contract's bounds for a batch's window. */
export const WINDOW_LIMITS = { min: 1, max: 64 } as const;
/** Typing "16" passes through "1": only a value left alone this long is sent. */
export const WINDOW_DEBOUNCE_MS = 500;

/** A whole number within the window's bounds, or null. */
export function windowValue(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= WINDOW_LIMITS.min && value <= WINDOW_LIMITS.max ? value : null;
}

interface WindowFieldProps {
  /** The window main last said; undefined before any answer. */
  known: number | undefined;
  pending: boolean;
  onChange: (window: number) => void;
}

/** How many items are in flight at once, changed while the batch runs: sent once the typing stops. */
export function WindowField({ known, pending, onChange }: WindowFieldProps) {
  const inputId = useId();
  const errorId = useId();
  // null until the user types: until then the field follows main's answers.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? (known === undefined ? '' : String(known));
  const value = windowValue(text);
  const invalid = typed !== null && value === null;
  // The parent renders often (every batch read); a new callback must not restart the wait.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (typed === null || value === null || value === known) return;
    const timer = setTimeout(() => onChangeRef.current(value), WINDOW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, value, known]);

  return (
    <span className="flex items-center gap-1.5" title="Items sent and in flight at once">
      <label htmlFor={inputId} className="text-[11px] text-muted">
        At a time
      </label>
      <input
        id={inputId}
        type="number"
        min={WINDOW_LIMITS.min}
        max={WINDOW_LIMITS.max}
        step={1}
        className={`${INPUT_CLASS} w-16! tabular-nums`}
        value={text}
        placeholder="—"
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        data-testid="sending-window"
        onChange={(event) => setTyped(event.target.value)}
      />
      {pending ? <Spinner className="text-muted" /> : null}
      {invalid ? (
        <span id={errorId} className="text-[11px] text-state-failed">
          {WINDOW_LIMITS.min} to {WINDOW_LIMITS.max}
        </span>
      ) : null}
    </span>
  );
}
