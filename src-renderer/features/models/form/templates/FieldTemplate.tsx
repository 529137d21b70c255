import type { FieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { visibleText } from '../../../../lib/visibleText';
import type { FormValue } from '../schemaValidator';

/** The key a field has in the JSON (the last name on its path), or null for the root and array items. */
function fieldKey(path: readonly (string | number)[]): string | null {
  const last = path[path.length - 1];
  return typeof last === 'string' ? last : null;
}

function isContainer(schema: RJSFSchema): boolean {
  return schema.type === 'object' || schema.type === 'array' || schema.properties !== undefined;
}

/**
 * One field: the label (and the JSON key, when the label is not it) on the left, the control, then its
 * errors and description under it, in the grid FormField uses elsewhere. Objects and lists take the whole
 * width and title themselves (ObjectFieldTemplate, ArrayFieldTemplate).
 */
export function FieldTemplate(props: FieldTemplateProps<FormValue>) {
  const { id, label, children, errors, description, hidden, required, displayLabel, schema, fieldPathId } =
    props;
  if (hidden) return <div className="hidden">{children}</div>;
  const path = fieldPathId.path;
  const dataPath = path.map(String).join('.');
  if (isContainer(schema)) {
    return (
      <div data-field-path={dataPath} className="min-w-0">
        {children}
        {errors}
      </div>
    );
  }
  const key = fieldKey(path);
  const shownLabel = visibleText(label);
  // A list's plain items are numbered by the list; a checkbox still gets its label column, for one rhythm.
  const labelled = displayLabel === true || schema.type === 'boolean';
  const invalid = (props.rawErrors?.length ?? 0) > 0;
  return (
    <div
      data-field-path={dataPath}
      data-invalid={invalid ? 'true' : undefined}
      className={labelled ? 'grid grid-cols-[9.5rem_1fr] items-start gap-x-3' : 'min-w-0'}
    >
      {labelled ? (
        <div className="min-w-0 pt-1.5 leading-tight">
          <label htmlFor={id} className="text-xs text-muted">
            {shownLabel}
          </label>
          {/* Required is announced by the control itself (required / aria-required); the mark is for the eye. */}
          {required ? (
            <span className="text-xs text-faint" title="Required" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
          {key !== null && key.toLowerCase() !== label.toLowerCase() ? (
            <span className="block truncate font-mono text-[10px] text-faint" title={key}>
              {visibleText(key)}
            </span>
          ) : null}
        </div>
      ) : null}
      <div className="min-w-0">
        {children}
        {errors}
        {description}
      </div>
    </div>
  );
}
