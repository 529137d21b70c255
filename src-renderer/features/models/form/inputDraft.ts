// A model's input while it is being written, held two ways at once: the value the form edits and the text
// the JSON view edits. An edit in either updates the other, so switching keeps everything. Text that is not
// valid JSON is kept exactly as typed, with the parser's complaint, and the last good value stays the value:
// the form (and Run) wait until the text reads again.
import type { RouterRunDetail } from '../../../../src-shared/contracts/models';

export type JsonValue = RouterRunDetail['input'];
export type InputView = 'form' | 'json';

export interface InputDraft {
  value: JsonValue;
  text: string;
  view: InputView;
  /** Why `text` is not JSON (the parser's words); null while it reads. */
  textError: string | null;
}

export function jsonText(value: JsonValue): string {
  return JSON.stringify(value, null, 2);
}

export function draftOf(value: JsonValue, view: InputView = 'form'): InputDraft {
  return { value, text: jsonText(value), view, textError: null };
}

/** The form changed the value: the text follows. */
export function withValue(draft: InputDraft, value: JsonValue): InputDraft {
  return { ...draft, value, text: jsonText(value), textError: null };
}

/** The JSON view changed the text: the value follows when it reads, and the text is kept either way. */
export function withText(draft: InputDraft, text: string): InputDraft {
  try {
    const value = JSON.parse(text) as JsonValue;
    return { ...draft, text, value, textError: null };
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'it does not read as JSON';
    return { ...draft, text, textError: reason };
  }
}

/** Switching views; to the form only once the text reads (null: refused, the text stays as it is). */
export function withView(draft: InputDraft, view: InputView): InputDraft | null {
  if (view === draft.view) return draft;
  if (view === 'form' && draft.textError !== null) return null;
  // Back in JSON the text is the value written out, so a form edit made meanwhile is in it.
  return view === 'json'
    ? { ...draft, view, text: draft.textError === null ? jsonText(draft.value) : draft.text }
    : { ...draft, view };
}
