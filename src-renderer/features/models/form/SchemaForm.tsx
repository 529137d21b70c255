import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo, type Ref } from 'react';
import type { ModelFormContext, ValidationIssue } from './formContext';
import { formTemplates, formWidgets } from './formTheme';
import type { JsonValue } from './inputDraft';
import { schemaValidator, type FormValue } from './schemaValidator';
import { extraErrorsOf, serverIssueIndex } from './serverIssues';
import { uiSchemaFor } from './uiSchemaFor';

const SKIP_DEFAULTS = { emptyObjectFields: 'skipDefaults' } as const;

export type SchemaFormRef = Form<FormValue, RJSFSchema, ModelFormContext>;

interface SchemaFormProps {
  schema: RJSFSchema;
  value: JsonValue;
  onChange: (value: JsonValue) => void;
  /** Called with the value when the form is submitted and passes the schema check. */
  onValidSubmit: (value: JsonValue) => void;
  /** Called with how many problems the check found when it does not pass. */
  onInvalid: (count: number) => void;
  /** The Router's 422 issues still standing, shown on their fields. */
  issues: readonly ValidationIssue[];
  formRef: Ref<SchemaFormRef>;
  disabled?: boolean;
}

/** JSON values are what the form holds; rjsf types its data loosely, so it is read back through this. */
function asJson(value: FormValue): JsonValue {
  return (value ?? {}) as JsonValue;
}

/**
 * The form rjsf generates from a model's input schema, in the house look (formTheme.ts). It validates
 * against the schema on submit (schemaValidator.ts), moves focus to the first field in error, and shows the
 * Router's own refusals on the fields they name. Enter in a one-line field runs, as in any form.
 */
export function SchemaForm({
  schema,
  value,
  onChange,
  onValidSubmit,
  onInvalid,
  issues,
  formRef,
  disabled,
}: SchemaFormProps) {
  const uiSchema = useMemo(() => uiSchemaFor(schema), [schema]);
  const formContext = useMemo<ModelFormContext>(() => ({ serverIssues: serverIssueIndex(issues) }), [issues]);
  const extraErrors = useMemo(() => extraErrorsOf(issues), [issues]);
  return (
    <Form<FormValue, RJSFSchema, ModelFormContext>
      ref={formRef}
      schema={schema}
      uiSchema={uiSchema}
      validator={schemaValidator}
      formData={value}
      formContext={formContext}
      extraErrors={extraErrors}
      templates={formTemplates}
      widgets={formWidgets}
      idPrefix="model-input"
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      // The draft starts from the schema's defaults (useModelWork); after that the form adds none of its own,
      // so a field taken out in the JSON view stays out when the form shows again.
      experimental_defaultFormStateBehavior={SKIP_DEFAULTS}
      disabled={disabled}
      className="min-w-0"
      onChange={(event) => onChange(asJson(event.formData))}
      onSubmit={(event) => onValidSubmit(asJson(event.formData))}
      onError={(errors) => onInvalid(errors.length)}
    />
  );
}
