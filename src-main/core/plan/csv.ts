// A small CSV reader for batch tables (RFC 4180, plus what spreadsheets and hand editing produce): quoted
// fields holding commas, line breaks and "" for a quote; CRLF, LF or CR line ends; a byte-order mark first.
// It is written here rather than pulled in because the project has no CSV package and a table is small.
//
// Where RFC 4180 says nothing or forbids, it is lenient in the ways hand-written tables need: spaces around
// a quoted field are ignored (`3, "a, b"`), a quote inside an unquoted field is kept as text (`5" tall`),
// and blank lines are skipped. An unclosed quote, or text after a closing quote, is an error with its line:
// guessing there would silently merge or split rows.

export interface CsvRecord {
  fields: string[];
  /** The line of the text where the record starts, counted from 1. */
  line: number;
}

export type CsvReading = { ok: true; records: CsvRecord[] } | { ok: false; reason: string; line: number };

export function readCsv(input: string): CsvReading {
  const text = input.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  /** The record has a field that was quoted, so a lone empty field is a value, not a blank line. */
  let sawQuote = false;

  const endField = (): void => {
    fields.push(field);
    field = '';
  };
  const endRecord = (): void => {
    endField();
    const blank = fields.length === 1 && fields[0] === '' && !sawQuote;
    if (!blank) records.push({ fields, line: recordLine });
    fields = [];
    sawQuote = false;
  };

  let i = 0;
  while (i < text.length) {
    const char = text.charAt(i);
    if (char === '"' && field.trim() === '') {
      // A quoted field: read to its closing quote.
      const openedOn = line;
      sawQuote = true;
      field = '';
      i += 1;
      for (;;) {
        if (i >= text.length) return { ok: false, reason: 'a quoted value is never closed', line: openedOn };
        const inside = text.charAt(i);
        if (inside === '"') {
          if (text.charAt(i + 1) === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        if (inside === '\n' || (inside === '\r' && text.charAt(i + 1) !== '\n')) line += 1;
        field += inside;
        i += 1;
      }
      while (text.charAt(i) === ' ' || text.charAt(i) === '\t') i += 1;
      const after = text.charAt(i);
      if (i < text.length && after !== ',' && after !== '\n' && after !== '\r') {
        return {
          ok: false,
          reason: 'there is text after a closing quote (write "" for a quote inside quotes)',
          line,
        };
      }
      continue;
    }
    if (char === ',') {
      endField();
      i += 1;
    } else if (char === '\n' || char === '\r') {
      endRecord();
      i += char === '\r' && text.charAt(i + 1) === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
    } else {
      field += char;
      i += 1;
    }
  }
  if (field !== '' || fields.length > 0 || sawQuote) endRecord();
  return { ok: true, records };
}
