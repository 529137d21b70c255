import {
  getUiOptions,
  type ArrayFieldItemButtonsTemplateProps,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
} from '@rjsf/utils';
import { visibleText } from '../../../../lib/visibleText';
import type { FormValue } from '../schemaValidator';

/** A list field: its name as the legend, its items numbered, and Add below. */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps<FormValue>) {
  const { title, items, canAdd, onAddClick, fieldPathId, registry, disabled, readonly, schema, uiSchema } =
    props;
  const { AddButton } = registry.templates.ButtonTemplates;
  // The uiSchema's title (the field name in words) wins over rjsf's default, the raw key.
  const shownTitle = getUiOptions(uiSchema).title ?? title;
  const description = typeof schema.description === 'string' ? schema.description : '';
  return (
    <fieldset id={fieldPathId.$id} className="min-w-0 rounded border border-line/70 px-3 pt-1 pb-3">
      <legend className="px-1 text-xs font-medium text-fg">
        {visibleText(shownTitle)}{' '}
        <span className="font-normal text-faint tabular-nums">
          ({items.length} {items.length === 1 ? 'item' : 'items'})
        </span>
      </legend>
      {description !== '' ? <p className="mb-2 text-[11px] text-faint">{visibleText(description)}</p> : null}
      <ol className="flex flex-col gap-2">{items}</ol>
      {canAdd ? (
        <AddButton
          onClick={onAddClick}
          disabled={disabled === true || readonly === true}
          registry={registry}
          title={`Add an item to ${shownTitle}`}
          className="mt-2"
        />
      ) : null}
    </fieldset>
  );
}

/** One item: its number, its fields, and the buttons that move or remove it. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps<FormValue>) {
  const { children, buttonsProps, hasToolbar, index, registry, uiSchema } = props;
  const Buttons = registry.templates.ArrayFieldItemButtonsTemplate;
  return (
    <li className="flex min-w-0 items-start gap-2" aria-label={`Item ${index + 1}`}>
      <span className="w-5 shrink-0 pt-1.5 text-right text-[11px] text-faint tabular-nums" aria-hidden="true">
        {index + 1}.
      </span>
      <div className="min-w-0 flex-1">{children}</div>
      {hasToolbar ? (
        <div className="flex shrink-0 gap-0.5 pt-0.5">
          <Buttons {...buttonsProps} uiSchema={uiSchema} registry={registry} />
        </div>
      ) : null}
    </li>
  );
}

/** Move up, move down, remove: named for the item they act on, so a screen reader says which. */
export function ArrayFieldItemButtonsTemplate(props: ArrayFieldItemButtonsTemplateProps<FormValue>) {
  const { hasMoveUp, hasMoveDown, hasRemove, index, disabled, readonly, registry } = props;
  const { MoveUpButton, MoveDownButton, RemoveButton } = registry.templates.ButtonTemplates;
  const off = disabled === true || readonly === true;
  const item = `item ${index + 1}`;
  return (
    <>
      {hasMoveUp || hasMoveDown ? (
        <>
          <MoveUpButton
            registry={registry}
            disabled={off || !hasMoveUp}
            onClick={props.onMoveUpItem}
            title={`Move ${item} up`}
          />
          <MoveDownButton
            registry={registry}
            disabled={off || !hasMoveDown}
            onClick={props.onMoveDownItem}
            title={`Move ${item} down`}
          />
        </>
      ) : null}
      {hasRemove ? (
        <RemoveButton
          registry={registry}
          disabled={off}
          onClick={props.onRemoveItem}
          title={`Remove ${item}`}
        />
      ) : null}
    </>
  );
}
