import type { AssetCopyLink } from '../../../../../src-shared/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/** "14:32" (in the user's own clock style) today, "tomorrow 02:01", else "3 Jan, 14:32". */
export function untilText(expiresAt: Date, now: Date): string {
  const time = expiresAt.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (expiresAt.toDateString() === now.toDateString()) return time;
  if (expiresAt.toDateString() === new Date(now.getTime() + DAY_MS).toDateString()) return `tomorrow ${time}`;
  return `${expiresAt.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${time}`;
}

/** "about 6 h", "12 min": rounded, because the link's life is counted from a moment already past. */
function howLong(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `about ${hours} h` : `about ${Math.round(hours / 24)} days`;
}

/** What to tell the user after "Copy link": that it is copied, and until when it works. */
export function copiedLinkWords(link: AssetCopyLink, copied: boolean, now = new Date()): string {
  if (link.kind === 'none') return link.message;
  const done = copied ? 'Link copied' : 'Here is the link';
  const expires = link.expiresAt === null ? NaN : Date.parse(link.expiresAt);
  if (Number.isNaN(expires)) return `${done}. The service did not say how long it works.`;
  if (expires <= now.getTime()) return `${done}, but it has already expired. Copy it again for a fresh one.`;
  const until = untilText(new Date(expires), now);
  return `${done}: works until ${until} (${howLong(expires - now.getTime())}).`;
}
