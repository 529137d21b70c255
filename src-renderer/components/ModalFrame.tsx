// What every modal in Loupe shares: the backdrop (a click on it closes), focus moved in when it opens, kept
// inside while it is open (Tab wraps) and given back to where it was when it closes, and Esc to close.
// Written by hand because the test DOMs had no <dialog>.showModal(). Dialog (a question) and TaskDialog (a task with
// a list) lay out their own panels inside it.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface ModalFrameProps {
  role: 'dialog' | 'alertdialog';
  labelledBy: string;
  describedBy: string;
  onClose: () => void;
  /** The id of the element to focus first; else the first `data-autofocus`, else the first focusable. */
  initialFocusId?: string | undefined;
  testId?: string | undefined;
  /** The panel's own look (width, padding, layout). */
  className: string;
  children: ReactNode;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

export function ModalFrame({
  role,
  labelledBy,
  describedBy,
  onClose,
  initialFocusId,
  testId,
  className,
  children,
}: ModalFrameProps) {
  const panel = useRef<HTMLDivElement>(null);
  // Asked for once, on opening: a later change of the id moves nothing.
  const firstFocusId = useRef(initialFocusId);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = panel.current;
    if (node) {
      const id = firstFocusId.current;
      const named = id === undefined ? null : document.getElementById(id);
      const first =
        (named !== null && node.contains(named) ? named : null) ??
        node.querySelector<HTMLElement>('[data-autofocus]') ??
        focusables(node)[0] ??
        node;
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
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={onKeyDown}
        className={`${className} border border-line bg-panel text-fg shadow-2xl shadow-black/40 outline-none`}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
