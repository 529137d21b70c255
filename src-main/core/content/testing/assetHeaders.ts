// Test support: the headers every host (Electron's loupe-asset://, the browser shell's asset route) must put
// on a whole asset's bytes, since both hand back the shared responder's answer.
import { expect } from 'vitest';

/** The asset's type and length, ranges offered, and neither sniffed nor run by the page that loads it. */
export function expectAssetHeaders(headers: Headers, contentType: string, length: number): void {
  expect(headers.get('content-type')).toBe(contentType);
  expect(headers.get('content-length')).toBe(String(length));
  expect(headers.get('accept-ranges')).toBe('bytes');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('content-security-policy')).toMatch(/^sandbox;/);
}
