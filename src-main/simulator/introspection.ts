// The /_sim API (outside the mount, loopback only): what the server saw, idempotency claims, stats,
// reset, fault switches and the clock. For tests that assert on traffic and for poking at the Demo.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimulatorControl } from './control';
import { parseFaultInput } from './faultSettings';
import { isPlainObject, parseJson, readBody, sendJson, sendV2Error } from './http';

const loopbackPeers = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
// A loopback Host keeps a web page on another origin (DNS rebinding) from driving the switches.
const loopbackHost = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;

function isLoopback(req: IncomingMessage): boolean {
  return loopbackPeers.has(req.socket.remoteAddress ?? '') && loopbackHost.test(req.headers.host ?? '');
}

async function readJsonBody(
  req: IncomingMessage,
  res: ServerResponse,
): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const raw = await readBody(req, 64 * 1024);
  if (raw.length === 0) return { ok: true, value: {} };
  const json = parseJson(raw);
  if (!json.ok) {
    sendV2Error(res, 400, 'invalid_request', 'The body is not valid JSON.');
    return { ok: false };
  }
  return { ok: true, value: json.value };
}

export async function handleIntrospection(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  control: SimulatorControl,
): Promise<void> {
  if (!isLoopback(req)) return sendV2Error(res, 403, 'forbidden', '/_sim answers loopback callers only.');
  const route = `${req.method ?? 'GET'} ${url.pathname.replace(/\/+$/, '')}`;
  switch (route) {
    case 'GET /_sim/requests':
      return sendJson(res, 200, { requests: control.requests() });
    case 'DELETE /_sim/requests':
      control.clearRequests();
      return sendJson(res, 200, { requests: [] });
    case 'GET /_sim/idempotency':
      return sendJson(res, 200, { keys: control.idempotency() });
    case 'GET /_sim/jobs':
      return sendJson(res, 200, { jobs: control.jobs() });
    case 'GET /_sim/stats':
      return sendJson(res, 200, control.stats());
    case 'POST /_sim/reset':
      control.reset();
      return sendJson(res, 200, { reset: true });
    case 'GET /_sim/faults':
      return sendJson(res, 200, control.faults());
    case 'DELETE /_sim/faults':
      control.clearFaults();
      return sendJson(res, 200, control.faults());
    case 'POST /_sim/faults': {
      const body = await readJsonBody(req, res);
      if (!body.ok) return;
      const parsed = parseFaultInput(body.value);
      if (!parsed.ok) return sendV2Error(res, 400, 'invalid_request', parsed.message);
      control.setFaults(parsed.value);
      return sendJson(res, 200, control.faults());
    }
    case 'GET /_sim/clock':
      return sendJson(res, 200, { now: new Date(control.now()).toISOString() });
    case 'POST /_sim/clock': {
      const body = await readJsonBody(req, res);
      if (!body.ok) return;
      const advanceMs = isPlainObject(body.value) ? body.value.advanceMs : undefined;
      if (typeof advanceMs !== 'number' || !Number.isFinite(advanceMs) || advanceMs < 0) {
        return sendV2Error(res, 400, 'invalid_request', 'Send {"advanceMs": <non-negative number>}.');
      }
      control.advanceClock(advanceMs);
      return sendJson(res, 200, { now: new Date(control.now()).toISOString() });
    }
    default:
      return sendV2Error(res, 404, 'not_found', `No simulator control at ${route}.`);
  }
}
