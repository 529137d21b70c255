// Output formatting: untrusted text made visible, JSON kept valid and inert, file names made safe.
import { describe, expect, it } from 'vitest';
import { batchCountsWords, formatBytes, statusWords, table } from './format';
import { safeJson, visible } from './terminalText';

describe('visible', () => {
  it('shows escape sequences, OSC links and bidi overrides instead of interpreting them', () => {
    expect(visible('a\u001b[31mb')).toBe('a\u241b[31mb');
    expect(visible('\u001b]8;;http://evil\u0007x')).toBe('\u241b]8;;http://evil\u2407x');
    expect(visible('abc\u202etxt.exe')).toBe('abc<U+202E>txt.exe');
    expect(visible('\u009b2J')).toBe('<U+009B>2J');
    expect(visible('one\ntwo')).toBe('one\u240atwo');
    expect(visible('one\ntwo\tthree\r', { multiline: true })).toBe('one\ntwo\tthree\u240d');
    expect(visible('plain ünïcode 画像')).toBe('plain ünïcode 画像');
  });
});

describe('safeJson', () => {
  it('escapes DEL, C1 and bidi controls and stays the same JSON value', () => {
    const value = { name: 'a\u007f\u009b\u202eb', nested: ['\u001b'] };
    const text = safeJson(value);
    // eslint-disable-next-line no-control-regex -- asserting that no control character got through.
    expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('statusWords', () => {
  it('says a job the service no longer knows is not on it, with the last status it gave', () => {
    expect(statusWords({ status: 'running', rawStatus: 'running' })).toBe('running');
    expect(statusWords({ status: 'unknown', rawStatus: 'warming' })).toBe('unknown (warming)');
    expect(statusWords({ status: 'unknown', rawStatus: 'running', goneAt: '2026-11-30T03:00:00Z' })).toBe(
      'not on the service (last seen running)',
    );
  });
});

describe('batchCountsWords', () => {
  it('counts a batch’s jobs the service forgot apart from those of unknown status', () => {
    expect(
      batchCountsWords({ submitting: 3, submitFailed: 1, jobs: { succeeded: 2, unknown: 1 }, gone: 2 }),
    ).toBe('2 succeeded, 1 unknown, 2 not on the service, 3 to send, 1 refused');
    expect(batchCountsWords({ submitting: 0, submitFailed: 0, jobs: { running: 1 } })).toBe('1 running');
  });
});

describe('formatting', () => {
  it('formats sizes', () => {
    // The app's words: decimal units.
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1536)).toBe('1.54 kB');
    expect(formatBytes(3_000_000)).toBe('3.00 MB');
    expect(formatBytes(null)).toBe('?');
  });

  it('aligns table columns and makes cells visible', () => {
    expect(
      table(
        ['ID', 'NAME'],
        [
          ['1', 'x\u001by'],
          ['22', 'z'],
        ],
      ),
    ).toEqual(['ID  NAME', '1   x\u241by', '22  z']);
  });
});
