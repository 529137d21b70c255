// Installed in every bench page before the app's own scripts run: it wraps the WebSocket the app's transport
// opens, so each watched reply and jobs.updates event is timestamped the moment it reaches the page, before
// the app has parsed it. Times are epoch ms (performance.timeOrigin + now), the clock the Node side shares.
import type { BenchProbe, PageGlobals, PageSocketClass, ReplySeen } from './pageTypes';

export function installProbe(): void {
  // Inside: this function runs in the page from its source text, where nothing outside it exists.
  const REMEMBERED = 'jobs.list:remembered';
  const page = globalThis as unknown as PageGlobals;
  const now = (): number => performance.timeOrigin + performance.now();
  const probe: BenchProbe = {
    watched: new Set(['jobs.list', 'batches.get', 'batches.list']),
    calls: new Map(),
    replies: [],
    streams: new Map(),
    keepUpdates: false,
    updates: [],
    marks: new Map(),
    texts: [],
    itemStates: [],
    observers: [],
    whenPainted: (done) => {
      page.requestAnimationFrame(() => {
        const channel = new page.MessageChannel();
        channel.port1.onmessage = () => done(now());
        channel.port2.postMessage(null);
      });
    },
  };
  page.__loupeBench = probe;
  // Only the head of a message is looked at: which reply or which stream it is.
  const head = /^\{"type":"(reply|event)","(?:requestId|subscriptionId)":"?([A-Za-z0-9_-]+)"?/;

  const onMessage = (data: unknown): void => {
    if (typeof data !== 'string') return;
    const at = now();
    const match = head.exec(data.slice(0, 120));
    if (match === null) return;
    const [, type, id = ''] = match;
    if (type === 'reply') {
      const requestId = Number(id);
      const call = probe.calls.get(requestId);
      if (call === undefined) return;
      probe.calls.delete(requestId);
      const seen: ReplySeen = { name: call.name, requestId, sentAt: call.sentAt, at };
      probe.replies.push(seen);
      probe.whenPainted((paintedAt) => {
        seen.paintedAt = paintedAt;
      });
      return;
    }
    if (!probe.keepUpdates || probe.streams.get(id) !== 'jobs.updates') return;
    const message = JSON.parse(data) as { event?: { jobs?: { id: string; status: string }[] } };
    const jobs = (message.event?.jobs ?? []).map((job) => ({ id: job.id, status: job.status }));
    probe.updates.push({ at, jobs });
  };

  const onSend = (data: string): void => {
    const message = JSON.parse(data) as {
      type?: string;
      requestId?: number;
      name?: string;
      args?: { rememberedOnly?: boolean };
      subscriptionId?: string;
    };
    if (message.type === 'call' && message.name !== undefined && probe.watched.has(message.name)) {
      // The list's stand-in from memory (drawn while the service is slow) is told apart from the list.
      const name =
        message.name === 'jobs.list' && message.args?.rememberedOnly === true ? REMEMBERED : message.name;
      probe.calls.set(message.requestId ?? -1, { name, sentAt: now() });
    }
    if (message.type === 'subscribe' && message.subscriptionId !== undefined && message.name !== undefined) {
      probe.streams.set(message.subscriptionId, message.name);
    }
  };

  const Original: PageSocketClass = page.WebSocket;
  class ProbedSocket extends Original {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols);
      // Added before the app sets onmessage, so it runs first: the time is the message's arrival.
      this.addEventListener('message', (event) => onMessage(event.data));
    }

    override send(data: string): void {
      onSend(data);
      super.send(data);
    }
  }
  page.WebSocket = ProbedSocket;
}
