import { Fragment } from 'react';

// visibleText() turns hidden characters into control pictures (␛) and ⟨U+202E⟩ markers. Many fonts have
// no glyph for the control pictures, so they would show as empty boxes: here each becomes a small marked
// abbreviation (ESC, NUL, …) that any font draws, with the code point on hover.
const C0_NAMES = [
  'NUL',
  'SOH',
  'STX',
  'ETX',
  'EOT',
  'ENQ',
  'ACK',
  'BEL',
  'BS',
  'HT',
  'LF',
  'VT',
  'FF',
  'CR',
  'SO',
  'SI',
  'DLE',
  'DC1',
  'DC2',
  'DC3',
  'DC4',
  'NAK',
  'SYN',
  'ETB',
  'CAN',
  'EM',
  'SUB',
  'ESC',
  'FS',
  'GS',
  'RS',
  'US',
];
const MARK = /([\u2400-\u241f\u2421]|\u27e8U\+[0-9A-F]{4,6}\u27e9)/;

function markFor(piece: string): { text: string; title: string } | null {
  const code = piece.charCodeAt(0);
  if (piece.length === 1 && code >= 0x2400 && code <= 0x241f) {
    const control = code - 0x2400;
    return {
      text: C0_NAMES[control] ?? '?',
      title: `Control character U+${control.toString(16).toUpperCase().padStart(4, '0')}`,
    };
  }
  if (piece === '\u2421') return { text: 'DEL', title: 'Control character U+007F' };
  if (piece.startsWith('\u27e8U+'))
    return { text: piece.slice(1, -1), title: `Invisible character ${piece.slice(1, -1)}` };
  return null;
}

/** Text already passed through visibleText(), with its placeholders drawn as marks. Still only text nodes. */
export function VisibleMarks({ text }: { text: string }) {
  if (!MARK.test(text)) return <>{text}</>;
  return (
    <>
      {text.split(MARK).map((piece, index) => {
        const mark = markFor(piece);
        return mark ? (
          <abbr
            key={index}
            title={mark.title}
            data-mark={mark.text}
            className="mx-px rounded-sm bg-state-canceled/15 px-0.5 text-[0.85em] text-state-canceled no-underline"
          >
            {mark.text}
          </abbr>
        ) : (
          <Fragment key={index}>{piece}</Fragment>
        );
      })}
    </>
  );
}
