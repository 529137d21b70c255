// The small text pieces of the generated form: a field's description and a heading. Descriptions come from
// the model's schema (the service's words), so they are shown as plain text with invisible marks made visible.
import {
  descriptionId,
  type DescriptionFieldProps,
  type FieldHelpProps,
  type TitleFieldProps,
  type UnsupportedFieldProps,
} from '@rjsf/utils';
import { visibleText } from '../../../../lib/visibleText';
import type { FormValue } from '../schemaValidator';

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps<FormValue>) {
  if (typeof description !== 'string' || description === '') return null;
  return (
    <p id={id} className="pt-0.5 text-[11px] leading-4 text-faint">
      {visibleText(description)}
    </p>
  );
}

export function TitleFieldTemplate({ id, title }: TitleFieldProps<FormValue>) {
  return (
    <p id={id} className="text-xs font-medium text-fg">
      {visibleText(title)}
    </p>
  );
}

/** `ui:help` is never set by Loupe's uiSchema; nothing to draw. */
export function FieldHelpTemplate(_props: FieldHelpProps<FormValue>) {
  return null;
}

/** The page lists what is wrong above the Run button; rjsf's own list at the top of the form is not drawn. */
export function ErrorListTemplate() {
  return null;
}

/** A schema part the form cannot draw: say so, and point to the JSON view where it can still be written. */
export function UnsupportedFieldTemplate({ fieldPathId, reason }: UnsupportedFieldProps<FormValue>) {
  return (
    <p id={descriptionId(fieldPathId)} className="text-[11px] text-state-canceled">
      The form cannot show this field ({visibleText(reason)}); switch to JSON to write it.
    </p>
  );
}
