/** The longest end of an address kept in view: a mount path and a little more, never the whole row. */
const END_CHARS = 28;

/**
 * Where an address may give way when the row is narrow: its path (the mount, the part two profiles on one
 * host differ by) stays, its start is what is clipped. No path: nothing is kept apart, the end clips as usual.
 */
export function splitAddress(address: string): { start: string; end: string } {
  const scheme = address.indexOf('://');
  const pathAt = scheme < 0 ? -1 : address.indexOf('/', scheme + 3);
  if (pathAt < 0 || address.length - pathAt <= 1) return { start: address, end: '' };
  const at = Math.max(pathAt, address.length - END_CHARS);
  return { start: address.slice(0, at), end: address.slice(at) };
}

/**
 * A profile's address in one line, clipped in the middle: "http://127.0.0.1:4…/api/blue". The text is whole
 * (a screen reader and a copy get all of it) and so is the tooltip; only what is painted gives way.
 */
export function ProfileAddress({ address, mono }: { address: string; mono: boolean }) {
  const { start, end } = splitAddress(address);
  return (
    <span
      className={`flex min-w-0 overflow-hidden text-faint ${mono ? 'font-mono' : ''}`}
      title={address}
      data-testid="profile-address"
    >
      <span className="min-w-0 truncate">{start}</span>
      {end === '' ? null : (
        <span className="shrink-0 whitespace-pre" data-testid="address-end">
          {end}
        </span>
      )}
    </span>
  );
}
