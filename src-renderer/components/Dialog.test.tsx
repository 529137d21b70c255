import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './Dialog';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog
          title="Sure?"
          onClose={() => setOpen(false)}
          actions={
            <>
              <button type="button" data-autofocus onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button type="button">Go</button>
            </>
          }
        >
          <p>Words.</p>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('moves focus in, keeps Tab inside, closes on Esc and gives the focus back', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Sure?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const go = screen.getByRole('button', { name: 'Go' });
    expect(document.activeElement).toBe(cancel);
    go.focus();
    fireEvent.keyDown(go, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(go);
    fireEvent.keyDown(go, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
