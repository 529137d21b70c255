// Where a key press landed decides whether a screen's shortcut may take it; every screen asks the same way.

/** The user is typing: a key here is a character, never a shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A focused control acts on Enter and Space itself; a shortcut leaves those keys to it. */
export function isControl(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && ['BUTTON', 'A', 'SUMMARY'].includes(target.tagName);
}
