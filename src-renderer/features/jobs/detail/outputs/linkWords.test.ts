import { describe, expect, it } from 'vitest';
import { copiedLinkWords, untilText } from './linkWords';

const NOW = new Date(2025, 0, 3, 9, 0, 0);
const at = (hours: number, minutes = 0) => new Date(2025, 0, 3, hours, minutes, 0);
const clock = (date: Date) => date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

describe('copiedLinkWords', () => {
  it('says the link is copied and until when it works', () => {
    const expires = at(14, 32);
    expect(copiedLinkWords({ kind: 'signed', url: 'u', expiresAt: expires.toISOString() }, true, NOW)).toBe(
      `Link copied: works until ${clock(expires)} (about 6 h).`,
    );
    const soon = at(9, 12);
    expect(copiedLinkWords({ kind: 'signed', url: 'u', expiresAt: soon.toISOString() }, false, NOW)).toBe(
      `Here is the link: works until ${clock(soon)} (12 min).`,
    );
  });

  it('says when the service gave no expiry, or the link is already dead', () => {
    expect(copiedLinkWords({ kind: 'signed', url: 'u', expiresAt: null }, true, NOW)).toBe(
      'Link copied. The service did not say how long it works.',
    );
    expect(copiedLinkWords({ kind: 'signed', url: 'u', expiresAt: at(8).toISOString() }, true, NOW)).toMatch(
      /already expired/,
    );
  });

  it('passes on the host’s explanation when the surface has no shareable link', () => {
    expect(copiedLinkWords({ kind: 'none', message: 'No shareable links here.' }, false, NOW)).toBe(
      'No shareable links here.',
    );
  });
});

describe('untilText', () => {
  it('names tomorrow, and the date further out', () => {
    const tomorrow = new Date(2025, 0, 4, 2, 1);
    expect(untilText(tomorrow, NOW)).toBe(`tomorrow ${clock(tomorrow)}`);
    expect(untilText(new Date(2025, 0, 9, 2, 1), NOW)).toMatch(/9/);
  });
});
