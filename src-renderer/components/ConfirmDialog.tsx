import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  title: string;
  testId: string;
  /** What the choice means. */
  children: ReactNode;
  /** The safe answer's words ("Cancel", "Keep it"). */
  cancelLabel?: string;
  /** The safe answer; also Esc and a click outside. */
  onCancel: () => void;
  /** The button that goes ahead, in its own look. */
  confirm: ReactNode;
}

/** A question that needs an answer before anything happens; the safe answer has the focus. */
export function ConfirmDialog({
  title,
  testId,
  children,
  cancelLabel = 'Cancel',
  onCancel,
  confirm,
}: ConfirmDialogProps) {
  return (
    <Dialog
      role="alertdialog"
      title={title}
      testId={testId}
      onClose={onCancel}
      actions={
        <>
          <Button data-autofocus onClick={onCancel}>
            {cancelLabel}
          </Button>
          {confirm}
        </>
      }
    >
      {children}
    </Dialog>
  );
}
