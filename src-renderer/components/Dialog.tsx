import { useId, type ReactNode } from 'react';
import { ModalFrame } from './ModalFrame';

interface DialogProps {
  title: string;
  /** The explanation: what happened and what each choice does. */
  children: ReactNode;
  /** The choices, as buttons; the one marked `data-autofocus` gets focus first. */
  actions: ReactNode;
  /** Esc, a click outside, or Cancel. */
  onClose: () => void;
  /** `alertdialog` for a question that needs an answer (confirmations, consent). */
  role?: 'dialog' | 'alertdialog';
  testId?: string;
}

/** A modal question: a title, the explanation (its accessible description), and the choices. */
export function Dialog({ title, children, actions, onClose, role = 'dialog', testId }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <ModalFrame
      role={role}
      labelledBy={titleId}
      describedBy={bodyId}
      onClose={onClose}
      testId={testId}
      className="w-full max-w-md rounded-md p-4"
    >
      <h2 id={titleId} className="text-sm font-semibold">
        {title}
      </h2>
      <div id={bodyId} className="mt-2 space-y-2 text-xs leading-relaxed text-muted">
        {children}
      </div>
      <div className="mt-4 flex justify-end gap-2">{actions}</div>
    </ModalFrame>
  );
}
