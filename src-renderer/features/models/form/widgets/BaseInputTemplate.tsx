import { getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';
import { INPUT_CLASS } from '../../../../components/FormField';
import type { FormValue } from '../schemaValidator';
import { controlAttributes } from './controlAttributes';

/** The value an <input> shows: rjsf hands over whatever the data holds. */
export function inputText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

/** A number box with bounds says them while empty: "0 – 4294967295". */
function rangeHint(minimum: unknown, maximum: unknown): string | undefined {
  if (typeof minimum === 'number' && typeof maximum === 'number') return `${minimum} – ${maximum}`;
  if (typeof minimum === 'number') return `at least ${minimum}`;
  if (typeof maximum === 'number') return `at most ${maximum}`;
  return undefined;
}

/** Every one-line input of the form (text, number, address), in the house field style. */
export function BaseInputTemplate(props: BaseInputTemplateProps<FormValue>) {
  const { id, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride } = props;
  const { options, schema, placeholder } = props;
  // rjsf types a widget's value and input type loosely; they are read back as what they are.
  const value: unknown = props.value;
  const type: unknown = props.type;
  const inputProps = getInputProps<FormValue>(schema, typeof type === 'string' ? type : undefined, options);
  const emptyValue: unknown = options.emptyValue;
  const handleChange = (event: ChangeEvent<HTMLInputElement>) =>
    onChange(event.target.value === '' ? emptyValue : event.target.value);
  return (
    <input
      {...controlAttributes(props)}
      {...inputProps}
      value={inputText(value)}
      placeholder={
        placeholder !== undefined && placeholder !== ''
          ? placeholder
          : rangeHint(schema.minimum, schema.maximum)
      }
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      spellCheck={inputProps.type === 'text' ? undefined : false}
      onChange={onChangeOverride ?? handleChange}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
      className={`${INPUT_CLASS} ${inputProps.type === 'number' ? 'tabular-nums' : ''}`}
    />
  );
}
