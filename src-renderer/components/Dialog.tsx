import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

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

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * A modal dialog: focus moves in when it opens, stays inside while it is open (Tab wraps), and goes back to
 * where it was when it closes; Esc closes it. Written by hand because jsdom has no <dialog>.showModal().
 */
export function Dialog({ title, children, actions, onClose, role = 'dialog', testId }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = panel.current;
    if (node) {
      const first = node.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(node)[0] ?? node;
      first.focus();
    }
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = focusables(panel.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/55 p-6"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={onKeyDown}
        className="w-full max-w-md rounded-md border border-line bg-panel p-4 text-fg shadow-2xl shadow-black/40 outline-none"
      >
        <h2 id={titleId} className="text-sm font-semibold">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 space-y-2 text-xs leading-relaxed text-muted">
          {children}
        </div>
        <div className="mt-4 flex justify-end gap-2">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}
