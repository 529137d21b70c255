// Who may open the browser shell's WebSocket: a page served by this host (exact Origin), presenting this
// launch's token in its subprotocol list. Anything else is refused before the upgrade completes.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WS_PROTOCOL, WS_TOKEN_PREFIX } from '../../src-shared/protocol';

export type UpgradeVerdict = { ok: true } | { ok: false; status: 401 | 403 | 421; reason: string };

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function parseSubprotocols(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Requests must name this host exactly: a DNS-rebinding page on another name is refused. */
export function isExpectedHost(req: IncomingMessage, allowedHosts: readonly string[]): boolean {
  return allowedHosts.includes((req.headers.host ?? '').toLowerCase());
}

export function checkUpgrade(
  req: IncomingMessage,
  expected: { origins: readonly string[]; hosts: readonly string[]; token: string },
): UpgradeVerdict {
  if (!isExpectedHost(req, expected.hosts)) return { ok: false, status: 421, reason: 'unexpected host' };
  const origin = req.headers.origin;
  if (origin === undefined || !expected.origins.includes(origin)) {
    return { ok: false, status: 403, reason: 'foreign or missing origin' };
  }
  const protocols = parseSubprotocols(req.headers['sec-websocket-protocol']);
  if (!protocols.includes(WS_PROTOCOL)) return { ok: false, status: 403, reason: 'missing protocol' };
  const tokenProtocol = protocols.find((protocol) => protocol.startsWith(WS_TOKEN_PREFIX));
  if (tokenProtocol === undefined) return { ok: false, status: 401, reason: 'missing token' };
  if (!sameSecret(expected.token, tokenProtocol.slice(WS_TOKEN_PREFIX.length))) {
    return { ok: false, status: 401, reason: 'wrong token' };
  }
  return { ok: true };
}
