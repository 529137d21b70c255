// The form's small buttons in the house look (components/Button), each named by its title for screen readers.
import type { IconButtonProps } from '@rjsf/utils';
import { Button } from '../../../../components/Button';
import type { FormValue } from '../schemaValidator';

type Props = IconButtonProps<FormValue>;

// Both kinds of button below drop rjsf's own props the same way: one place says which props those are.
/** A rjsf button's props less rjsf's own (registry, uiSchema, icon…), which are not attributes of a <button>. */
function buttonProps(props: Props) {
  const {
    registry: _registry,
    uiSchema: _uiSchema,
    iconType: _iconType,
    icon: _icon,
    className = '',
    ...rest
  } = props;
  return { className, rest };
}

function IconButton({ glyph, fallbackTitle, props }: { glyph: string; fallbackTitle: string; props: Props }) {
  const {
    className,
    rest: { title, ...rest },
  } = buttonProps(props);
  const name = title ?? fallbackTitle;
  return (
    <Button
      variant="ghost"
      {...rest}
      title={name}
      aria-label={name}
      className={`h-6 w-6 justify-center px-0 ${className}`}
    >
      <span aria-hidden="true">{glyph}</span>
    </Button>
  );
}

export function AddButton(props: Props) {
  const { className, rest } = buttonProps(props);
  return (
    <Button {...rest} aria-label={rest.title} className={`h-6 px-2 ${className}`}>
      + Add
    </Button>
  );
}

export const RemoveButton = (props: Props) => <IconButton glyph="×" fallbackTitle="Remove" props={props} />;
export const MoveUpButton = (props: Props) => <IconButton glyph="↑" fallbackTitle="Move up" props={props} />;
export const MoveDownButton = (props: Props) => (
  <IconButton glyph="↓" fallbackTitle="Move down" props={props} />
);
export const CopyButton = (props: Props) => <IconButton glyph="⧉" fallbackTitle="Copy" props={props} />;
export const ClearButton = (props: Props) => <IconButton glyph="×" fallbackTitle="Clear" props={props} />;

/** The page's own Run button sends the form; rjsf's submit button is never drawn. */
export function SubmitButton() {
  return null;
}

/** The buttons rjsf draws, by the names it looks them up under. */
export const buttonTemplates = {
  AddButton,
  ClearButton,
  CopyButton,
  MoveDownButton,
  MoveUpButton,
  RemoveButton,
  SubmitButton,
};
