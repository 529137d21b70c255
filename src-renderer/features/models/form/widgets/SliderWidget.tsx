import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { sliderRange } from '../uiSchemaFor';
import type { FormValue } from '../schemaValidator';

/** A step that moves the slider about a hundredth of its range, rounded to 1, 2 or 5 of a power of ten. */
export function sliderStep(min: number, max: number, integer: boolean, multipleOf: unknown): number {
  if (typeof multipleOf === 'number' && multipleOf > 0) return multipleOf;
  if (integer) return 1;
  const rough = (max - min) / 100;
  const power = 10 ** Math.floor(Math.log10(rough));
  const nice = [1, 2, 5, 10].find((factor) => factor * power >= rough) ?? 10;
  return nice * power;
}

/**
 * A bounded number: a slider for the quick move and a number box for the exact value, kept in step. Either
 * may be used from the keyboard; the box takes any value (the schema check says when it is out of range).
 */
export function SliderWidget(props: WidgetProps<FormValue>) {
  const { id, label, required, disabled, readonly, onChange, onBlur, onFocus, schema, rawErrors } = props;
  const value: unknown = props.value;
  const range = sliderRange(schema) ?? { min: 0, max: 100 };
  const integer = schema.type === 'integer';
  const step = sliderStep(range.min, range.max, integer, schema.multipleOf);
  const current = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const off = disabled === true || readonly === true;
  const invalid = (rawErrors?.length ?? 0) > 0;
  const fromText = (text: string): number | undefined => {
    if (text.trim() === '') return undefined;
    const parsed = Number(text);
    return Number.isFinite(parsed) ? parsed : undefined;
  };
  return (
    <div className="flex items-center gap-2">
      <input
        type="range"
        min={range.min}
        max={range.max}
        step={step}
        value={current ?? range.min}
        disabled={off}
        aria-label={`${label} slider`}
        aria-valuetext={current === null ? 'Not set' : String(current)}
        onChange={(event) => onChange(Number(event.target.value))}
        className={`h-7 min-w-0 flex-1 accent-[var(--accent)] ${current === null ? 'opacity-50' : ''}`}
        data-testid="slider-range"
      />
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={range.min}
        max={range.max}
        step={integer ? 1 : 'any'}
        value={current ?? ''}
        placeholder="Not set"
        required={required}
        disabled={off}
        aria-invalid={invalid}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(fromText(event.target.value))}
        onBlur={(event) => onBlur(id, fromText(event.target.value))}
        onFocus={(event) => onFocus(id, fromText(event.target.value))}
        className="h-7 w-24 shrink-0 rounded border border-line bg-raised px-2 text-xs text-fg tabular-nums placeholder:text-faint aria-[invalid=true]:border-state-failed/70"
        data-testid="slider-number"
      />
      <span className="w-24 shrink-0 text-[10px] text-faint tabular-nums" aria-hidden="true">
        {range.min} – {range.max}
      </span>
    </div>
  );
}
