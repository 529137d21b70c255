// rjsf's ValidatorType over schemaCheck.ts: what the generated form validates with before anything is sent.
// @rjsf/validator-ajv8 cannot run under the renderer's no-eval policy (see schemaCheck.ts), so the form gets
// this instead; everything else about the form (fields, defaults, error placement) is rjsf's own.
import {
  ErrorSchemaBuilder,
  createErrorHandler,
  getDefaultFormState,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { checkAgainstSchema, type SchemaIssue } from './schemaCheck';

/** A dotted path for the error list (`.messages.0.content`); the error tree itself is built from the array. */
export function dottedPath(path: readonly (string | number)[]): string {
  return path.map((segment) => `.${String(segment)}`).join('');
}

function toRjsfError(issue: SchemaIssue): RJSFValidationError {
  const property = dottedPath(issue.path);
  return {
    name: issue.keyword,
    property,
    message: issue.message,
    params: {},
    stack: `${property || 'input'} ${issue.message}`.trim(),
    schemaPath: issue.schemaPath,
  };
}

/** The form data rjsf validates is the model's JSON input, so the validator's data type is plain unknown JSON. */
export type FormValue = unknown;

class SchemaWalkValidator implements ValidatorType<FormValue> {
  validateFormData(
    formData: FormValue,
    schema: RJSFSchema,
    customValidate?: CustomValidator<FormValue>,
    transformErrors?: ErrorTransformer<FormValue>,
    uiSchema?: UiSchema<FormValue>,
  ): ValidationData<FormValue> {
    const issues = checkAgainstSchema(schema, formData);
    let errors = issues.map(toRjsfError);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const builder = new ErrorSchemaBuilder<FormValue>();
    // Built from each issue's path as a list, so a field name holding a dot still lands on its own field.
    if (transformErrors) {
      for (const error of errors)
        builder.addErrors(error.message ?? error.stack, error.property?.split('.').filter(Boolean));
    } else {
      for (const issue of issues) builder.addErrors(issue.message, issue.path.map(String));
    }
    const errorSchema = builder.ErrorSchema;
    if (!customValidate) return { errors, errorSchema };
    const withDefaults = getDefaultFormState<FormValue>(this, schema, formData, schema, true);
    const handler = customValidate(withDefaults, createErrorHandler(withDefaults), uiSchema, errorSchema);
    return validationDataMerge({ errors, errorSchema }, unwrapErrorHandler(handler));
  }

  isValid(schema: RJSFSchema, formData: FormValue, rootSchema: RJSFSchema): boolean {
    return checkAgainstSchema(schema, formData, rootSchema).length === 0;
  }

  /** rjsf's playground hook (the form never calls it): the raw issues, in this validator's own shape. */
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- rjsf's interface lets each validator name its raw error type; this one's is SchemaIssue.
  rawValidation<Result = SchemaIssue>(schema: RJSFSchema, formData?: FormValue): { errors?: Result[] } {
    const issues = checkAgainstSchema(schema, formData);
    return issues.length === 0 ? {} : { errors: issues as unknown as Result[] };
  }
}

export const schemaValidator = new SchemaWalkValidator();
