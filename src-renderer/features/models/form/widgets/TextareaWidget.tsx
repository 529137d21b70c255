import type { WidgetProps } from '@rjsf/utils';
import { codePointLength } from '../schemaCheck';
import type { FormValue } from '../schemaValidator';
import { inputText } from './BaseInputTemplate';
import { controlAttributes } from './controlAttributes';

/** Prompts and other long text: a few lines that grow by hand, with the character limit when there is one. */
export function TextareaWidget(props: WidgetProps<FormValue>) {
  const { id, readonly, disabled, onChange, onBlur, onFocus, options, schema } = props;
  const value: unknown = props.value;
  const text = inputText(value);
  const limit = typeof schema.maxLength === 'number' ? schema.maxLength : null;
  const emptyValue: unknown = options.emptyValue;
  const length = codePointLength(text);
  return (
    <div className="relative">
      <textarea
        {...controlAttributes(props)}
        value={text}
        rows={3}
        readOnly={readonly}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value === '' ? emptyValue : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
        className="block min-h-14 w-full min-w-0 resize-y rounded border border-line bg-raised px-2 py-1.5 text-xs leading-relaxed text-fg placeholder:text-faint aria-[invalid=true]:border-state-failed/70"
      />
      {limit !== null ? (
        <span
          className={`pointer-events-none absolute right-1.5 bottom-1 text-[10px] tabular-nums ${
            length > limit ? 'text-state-failed' : 'text-faint'
          }`}
          aria-hidden="true"
        >
          {length}/{limit}
        </span>
      ) : null}
    </div>
  );
}
