// Hostile names, each with what may be written to disk for it. Every result must also pass the general
// rules below, so a new case only needs its expected name.
import { describe, expect, it } from 'vitest';
import { numberedName, safeFileName } from './safeFileName';

const hostile: [string | null, string][] = [
  ['../../.bashrc', 'bashrc'],
  ['..\\..\\.ssh\\authorized_keys', 'authorized_keys'],
  ['/etc/passwd', 'passwd'],
  ['C:\\Windows\\System32\\drivers\\etc\\hosts', 'hosts'],
  ['.env', 'env'],
  ['...hidden.png', 'hidden.png'],
  ['. .profile', 'profile'],
  ['..', 'asset-1'],
  ['.', 'asset-1'],
  ['', 'asset-1'],
  [null, 'asset-1'],
  ['   ', 'asset-1'],
  ['CON', '_CON'],
  ['con.txt', '_con.txt'],
  ['NUL.tar.gz', '_NUL.tar.gz'],
  ['COM1', '_COM1'],
  ['COM¹', '_COM¹'],
  ['lpt³.log', '_lpt³.log'],
  ['PRN ', '_PRN'],
  ['AUX.', '_AUX'],
  ['CONIN$', '_CONIN$'],
  ['console.log', 'console.log'],
  ['name.', 'name'],
  ['name. . ', 'name'],
  ['what?.txt', 'what_.txt'],
  ['a<b>c:d"e|f*g.png', 'a_b_c_d_e_f_g.png'],
  ['line\nbreak\u0000.txt', 'linebreak.txt'],
  ['bell\u0007\u001b[31mred.png', 'bell[31mred.png'],
  ['invoice\u202Egnp.exe', 'invoicegnp.exe'],
  ['photo\u2066\u2069\u200E\u200F\u061C.png', 'photo.png'],
  ['zero\u200Bwidth\uFEFF.png', 'zerowidth.png'],
  ['para\u2028graph\u2029.txt', 'paragraph.txt'],
  ['c\u0327a\u0300.png', '\u00e7\u00e0.png'],
  ['outputs/run 1/image.png', 'image.png'],
  ['\u0085next-line.png', 'next-line.png'],
];

describe('safeFileName', () => {
  it('has at least 30 hostile cases', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(30);
  });

  it.each(hostile)('%j → %j', (name, expected) => {
    const safe = safeFileName(name, 'asset-1');
    expect(safe).toBe(expected);
    expect(safe).not.toMatch(/[/\\<>:"|?*]/);
    expect(safe).not.toMatch(/^[.\s]/);
    expect(safe).not.toMatch(/[.\s]$/);
    expect(safe).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    expect(new TextEncoder().encode(safe).byteLength).toBeLessThanOrEqual(200);
  });

  it('keeps a name at most 200 bytes, cut between graphemes, with its extension', () => {
    const long = safeFileName(`${'x'.repeat(300)}.png`, 'id');
    expect(long.endsWith('.png')).toBe(true);
    expect(long.length).toBe(200);
    const wide = safeFileName(`${'画'.repeat(100)}.png`, 'id');
    expect(new TextEncoder().encode(wide).byteLength).toBeLessThanOrEqual(200);
    expect(wide.endsWith('.png')).toBe(true);
    // A flag is two code points and one grapheme: never cut in half.
    const flags = safeFileName('🇯🇵'.repeat(40), 'id');
    expect(flags.length % '🇯🇵'.length).toBe(0);
    expect(new TextEncoder().encode(flags).byteLength).toBeLessThanOrEqual(200);
  });

  it('makes the fallback safe too, and has a last resort', () => {
    expect(safeFileName('..', '../x')).toBe('x');
    expect(safeFileName('', '...')).toBe('asset');
  });
});

describe('numberedName', () => {
  it('numbers before the extension', () => {
    expect(numberedName('a.png', 1)).toBe('a.png');
    expect(numberedName('a.png', 2)).toBe('a (2).png');
    expect(numberedName('README', 3)).toBe('README (3)');
    expect(numberedName('archive.tar.gz', 2)).toBe('archive.tar (2).gz');
  });
});
