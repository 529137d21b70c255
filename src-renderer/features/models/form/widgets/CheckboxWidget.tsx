import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { FormValue } from '../schemaValidator';

/** A boolean: the box and its state in words ("On" / "Off"); the label is the field's, on the left. */
export function CheckboxWidget(props: WidgetProps<FormValue>) {
  const { id, htmlName, disabled, readonly, onChange, onBlur, onFocus } = props;
  const value: unknown = props.value;
  const checked = value === true;
  return (
    <span className="flex h-7 items-center gap-2 text-xs text-muted">
      <input
        id={id}
        name={htmlName ?? id}
        type="checkbox"
        checked={checked}
        disabled={disabled === true || readonly === true}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={() => onBlur(id, checked)}
        onFocus={() => onFocus(id, checked)}
        className="h-3.5 w-3.5 accent-[var(--accent)]"
      />
      {checked ? 'On' : 'Off'}
    </span>
  );
}
