// Hashes on the Assets screen; sizes come from src-shared/format (decimal units, as main writes them).
export { exactBytes, formatBytes } from '../../../src-shared/format';

/** `blake3:1a2b3c4d…9f0e`: enough to tell hashes apart in a list; the whole hash is one click away. */
export function shortHash(hash: string): string {
  const [scheme, hex] = hash.includes(':') ? hash.split(':', 2) : ['', hash];
  if (hex === undefined || hex.length <= 16) return hash;
  return `${scheme === '' ? '' : `${scheme}:`}${hex.slice(0, 10)}…${hex.slice(-4)}`;
}
