import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import type { FormValue } from '../schemaValidator';

// Shared by the house widgets so every control is named, marked invalid and tied to its errors and help alike
// (the 422 mapping and a screen reader find each field the same way).
/** A form control's id, name, required and aria attributes, from the rjsf props of its field. */
export function controlAttributes({
  id,
  htmlName,
  required,
  rawErrors,
}: Pick<WidgetProps<FormValue>, 'id' | 'htmlName' | 'required' | 'rawErrors'>) {
  return {
    id,
    name: htmlName ?? id,
    required,
    'aria-invalid': (rawErrors?.length ?? 0) > 0,
    'aria-describedby': ariaDescribedByIds(id),
  };
}
