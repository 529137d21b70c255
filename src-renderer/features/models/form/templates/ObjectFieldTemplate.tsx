import { canExpand, type ObjectFieldTemplateProps } from '@rjsf/utils';
import { visibleText } from '../../../../lib/visibleText';
import type { FormValue } from '../schemaValidator';

/**
 * An object's fields, one under another. The root is the model's input and needs no heading; a nested
 * object is a fieldset with its name as the legend, indented by a quiet rule.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps<FormValue>) {
  const { title, description, properties, fieldPathId, schema, uiSchema, formData, onAddProperty, registry } =
    props;
  const root = fieldPathId.path.length === 0;
  // An object that is a list's item is numbered by the list; rjsf's made-up title ("messages-1") is not shown.
  const item = typeof fieldPathId.path[fieldPathId.path.length - 1] === 'number';
  const { AddButton } = registry.templates.ButtonTemplates;
  const fields = properties.filter((property) => !property.hidden).map((property) => property.content);
  // rjsf types the answer loosely; it is a yes or no.
  const expandable = canExpand<FormValue>(schema, uiSchema, formData) === true;
  if (root) {
    return (
      <div id={fieldPathId.$id} className="flex flex-col gap-2.5">
        {fields}
        {expandable ? <AddButton onClick={onAddProperty} registry={registry} /> : null}
      </div>
    );
  }
  return (
    <fieldset
      id={fieldPathId.$id}
      className={`min-w-0 rounded border border-line/70 px-3 pb-3 ${item ? 'pt-2.5' : 'pt-1'}`}
    >
      {title && !item ? (
        <legend className="px-1 text-xs font-medium text-fg">{visibleText(title)}</legend>
      ) : null}
      {typeof description === 'string' && description !== '' ? (
        <p className="mb-2 text-[11px] text-faint">{visibleText(description)}</p>
      ) : null}
      <div className="flex flex-col gap-2.5">{fields}</div>
      {expandable ? <AddButton onClick={onAddProperty} registry={registry} className="mt-2" /> : null}
    </fieldset>
  );
}
