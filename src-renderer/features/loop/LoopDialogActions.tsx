import { Button } from '../../components/Button';

/**
 * The loop dialogs' choices (Vary around this, Run again with changes, Use as input): Cancel, and the one
 * thing the dialog does, which says so while it works.
 */
export function LoopDialogActions({
  confirm,
  working,
  busy = false,
  disabled = false,
  focusConfirm = true,
  onConfirm,
  onCancel,
}: {
  /** What the primary button does, in words ("Open in New batch"). */
  confirm: string;
  /** What it says while `busy` ("Sending…"). */
  working?: string;
  busy?: boolean;
  disabled?: boolean;
  /** Whether the primary button takes focus as the dialog opens (not when a form below comes first). */
  focusConfirm?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button
        variant="primary"
        data-autofocus={focusConfirm ? true : undefined}
        disabled={disabled || busy}
        onClick={onConfirm}
      >
        {busy ? (working ?? confirm) : confirm}
      </Button>
    </>
  );
}
