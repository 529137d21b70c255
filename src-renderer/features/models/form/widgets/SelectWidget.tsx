import { enumOptionsIndexForValue, enumOptionsValueForIndex, type WidgetProps } from '@rjsf/utils';
import type { FormValue } from '../schemaValidator';
import { controlAttributes } from './controlAttributes';

/**
 * An enum as a select. Options are chosen by index, so numbers stay numbers (`sample_rate: 24000`, not
 * "24000"). A field with no default and no value offers "Not set" first, so leaving it out stays possible.
 */
export function SelectWidget(props: WidgetProps<FormValue>) {
  const { id, disabled, readonly, onChange, onBlur, onFocus, options, schema } = props;
  const value: unknown = props.value;
  const enumOptions = options.enumOptions ?? [];
  const emptyValue: unknown = options.emptyValue;
  const index = enumOptionsIndexForValue(value, enumOptions, false);
  const selected = typeof index === 'string' ? index : '';
  const offerEmpty = schema.default === undefined;
  const valueAt = (at: string): unknown =>
    at === '' ? emptyValue : enumOptionsValueForIndex(at, enumOptions, emptyValue);
  return (
    <select
      {...controlAttributes(props)}
      value={selected}
      disabled={disabled === true || readonly === true}
      onChange={(event) => onChange(valueAt(event.target.value))}
      onBlur={(event) => onBlur(id, valueAt(event.target.value))}
      onFocus={(event) => onFocus(id, valueAt(event.target.value))}
      className="h-7 w-full min-w-0 rounded border border-line bg-raised px-1.5 text-xs text-fg aria-[invalid=true]:border-state-failed/70"
    >
      {offerEmpty ? <option value="">Not set</option> : null}
      {enumOptions.map((option, at) => (
        <option key={String(at)} value={String(at)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
