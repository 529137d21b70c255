// Sizes on the Assets screen in decimal units (1 MB = 1,000,000 bytes): the unit the service states its
// 100 MB upload limit in, and the one main's upload summary uses, so the numbers on screen agree.

const UNITS = ['kB', 'MB', 'GB', 'TB'] as const;

/** 412 MB, 1.07 GB, 999 bytes: three significant digits. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${UNITS[unit] ?? 'TB'}`;
}

/** The exact count, for a title: "412,000,000 bytes". */
export function exactBytes(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/** `blake3:1a2b3c4d…9f0e`: enough to tell hashes apart in a list; the whole hash is one click away. */
export function shortHash(hash: string): string {
  const [scheme, hex] = hash.includes(':') ? hash.split(':', 2) : ['', hash];
  if (hex === undefined || hex.length <= 16) return hash;
  return `${scheme === '' ? '' : `${scheme}:`}${hex.slice(0, 10)}…${hex.slice(-4)}`;
}
