// The values of one sweep axis, from the text after `=`:
//   `1..8`, `1..100:5`          a range (rangeSpec.ts);
//   `a,b,c`                     a list, each item trimmed;
//   `@cfgs.txt`                 one value per line of a file the caller reads (blank lines skipped);
//   anything else               one value.
// A backslash makes the next `,` `\` `@` or `.` plain text: `a\,b` is one value, `\@home` is not a file,
// `1\..8` is the text "1..8". Any other backslash stays as written, so a Windows path needs no doubling.
// The planner never touches the disk: `readFile` is the caller's, and gets the name exactly as written.
import { BatchPlanError, quoted, shownSource } from './planError';
import { looksLikeRange, readRange, type NumberRange } from './rangeSpec';

export type SweepValues =
  | { form: 'range'; range: NumberRange }
  | { form: 'list'; texts: string[] }
  | {
      form: 'file';
      name: string;
      texts: string[];
      /** Each value's line in the file, from 1. */ lines: number[];
    };

/** Reads a file for an `@name` axis and returns its text; throws when it cannot. */
export type ReadFile = (name: string) => string;

const ESCAPABLE = new Set([',', '\\', '@', '.']);

/** Splits at the commas that are not escaped, and drops the escapes' backslashes. */
function listItems(spec: string): string[] {
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < spec.length; i += 1) {
    const char = spec.charAt(i);
    const next = spec.charAt(i + 1);
    if (char === '\\' && ESCAPABLE.has(next)) {
      current += next;
      i += 1;
    } else if (char === ',') {
      items.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  items.push(current);
  return items.map((item) => item.trim());
}

/** The file's non-blank lines, as written (a prompt's own spaces are the user's), with their line numbers. */
function fileLines(text: string): { texts: string[]; lines: number[] } {
  const texts: string[] = [];
  const lines: number[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((line, i) => {
      if (line.trim() === '') return;
      texts.push(line);
      lines.push(i + 1);
    });
  return { texts, lines };
}

function readNamedFile(name: string, source: string, readFile: ReadFile | undefined): string {
  const fail = (why: string, cause?: unknown): never => {
    throw new BatchPlanError(
      `${shownSource(source)}: ${why}`,
      { part: 'sweep', source, value: name },
      { cause },
    );
  };
  if (name === '') return fail('write the file name after @, for example @cfgs.txt.');
  if (readFile === undefined) {
    return fail(`values from a file (@${name}) cannot be read here; write them as a list (a,b,c) instead.`);
  }
  try {
    return readFile(name);
  } catch (error) {
    const reason = error instanceof Error && error.message !== '' ? ` (${error.message})` : '';
    return fail(
      `the file ${quoted(name)} could not be read${reason}. Check its name and that it is a text file.`,
      error,
    );
  }
}

/** The values `spec` names; `source` is the whole axis as written, for errors. */
export function readSweepSpec(spec: string, source: string, readFile: ReadFile | undefined): SweepValues {
  const trimmed = spec.trim();
  if (trimmed === '') {
    throw new BatchPlanError(
      `${shownSource(source)}: there are no values after "=". ` +
        'Write a range (1..8), a list (a,b,c) or a file (@values.txt).',
      { part: 'sweep', source },
    );
  }
  if (trimmed.startsWith('@')) {
    const name = trimmed.slice(1).trim();
    const { texts, lines } = fileLines(readNamedFile(name, source, readFile));
    if (texts.length === 0) {
      throw new BatchPlanError(
        `${shownSource(source)}: the file ${quoted(name)} has no values (every line is blank).`,
        {
          part: 'sweep',
          source,
          value: name,
        },
      );
    }
    return { form: 'file', name, texts, lines };
  }
  if (looksLikeRange(trimmed)) {
    const reading = readRange(trimmed);
    if (!reading.ok) {
      throw new BatchPlanError(
        `${shownSource(source)}: the range ${trimmed} cannot be used: ${reading.reason}.`,
        {
          part: 'sweep',
          source,
          value: trimmed,
        },
      );
    }
    return { form: 'range', range: reading.range };
  }
  const texts = listItems(trimmed);
  const empty = texts.indexOf('');
  if (empty !== -1) {
    throw new BatchPlanError(
      `${shownSource(source)}: value ${empty + 1} of the list is empty. ` +
        'Remove the extra comma, or write \\, for a comma inside a value.',
      { part: 'sweep', source },
    );
  }
  return { form: 'list', texts };
}
