import { useId, type ReactNode } from 'react';
import { ModalFrame } from './ModalFrame';

interface TaskDialogProps {
  title: string;
  /** One or two sentences: what the dialog is for. Read out on opening, so never the body's whole list. */
  description: ReactNode;
  /** The task itself: fields and a list that scrolls inside the dialog. */
  children: ReactNode;
  /** The foot: a summary on the left, the choices on the right. */
  footer: ReactNode;
  /** Esc, a click outside, or Cancel. */
  onClose: () => void;
  /** The id of the element to focus first; else the first `data-autofocus`, else the first focusable. */
  initialFocusId?: string;
  testId?: string;
}

/**
 * A modal for a task rather than a question (Dialog): wide, with a body that scrolls between a fixed head
 * and foot, and only the short description as its accessible description (Dialog describes itself by its
 * whole body, which for a list of a hundred rows would be read out in full).
 */
export function TaskDialog({
  title,
  description,
  children,
  footer,
  onClose,
  initialFocusId,
  testId,
}: TaskDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <ModalFrame
      role="dialog"
      labelledBy={titleId}
      describedBy={descriptionId}
      onClose={onClose}
      initialFocusId={initialFocusId}
      testId={testId}
      className="relative flex max-h-[85vh] w-full max-w-2xl flex-col rounded-md"
    >
      <header className="shrink-0 px-4 pt-4 pb-2">
        <h2 id={titleId} className="text-sm font-semibold">
          {title}
        </h2>
        <div id={descriptionId} className="mt-1 text-xs leading-relaxed text-muted">
          {description}
        </div>
      </header>
      <div className="flex min-h-0 flex-1 flex-col gap-2 px-4 pb-2">{children}</div>
      <footer className="flex shrink-0 items-center gap-2 border-t border-line px-4 py-3">{footer}</footer>
    </ModalFrame>
  );
}
