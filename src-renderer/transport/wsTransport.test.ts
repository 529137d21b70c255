// The page refuses a call too large for the host's socket before sending it: the host would close the
// connection on it (every open stream of the window with it), and the page can say in words what to do.
import { describe, expect, it } from 'vitest';
import { MAX_CALL_MESSAGE_BYTES } from '../../src-shared/limits';
import { createWsTransport } from './wsTransport';

class FakeSocket {
  static readonly OPEN = 1;
  readonly OPEN = 1;
  readyState = 0;
  readonly sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: (() => void) | null = null;
  send(text: string): void {
    this.sent.push(text);
  }
}

function openTransport() {
  const sockets: FakeSocket[] = [];
  const transport = createWsTransport({
    origin: 'http://127.0.0.1:1234',
    token: 't',
    onState: () => undefined,
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  });
  const socket = sockets[0];
  if (socket === undefined) throw new Error('no socket');
  socket.readyState = FakeSocket.OPEN;
  socket.onopen?.();
  return { transport, socket };
}

describe('createWsTransport', () => {
  it('refuses a call larger than a message to the host may be, in words, and sends nothing', async () => {
    const { transport, socket } = openTransport();
    const workflowJson = 'x'.repeat(MAX_CALL_MESSAGE_BYTES);
    const result = await transport.call('jobs.submit', { workflowJson });
    expect(result).toMatchObject({ ok: false, error: { code: 'call_too_large' } });
    expect(!result.ok && result.error.message).toMatch(/more than the 16\.8 MB the window can send/);
    expect(socket.sent).toEqual([]);
  });

  it('counts bytes, not characters: text of many-byte characters is measured as it will travel', async () => {
    const { transport, socket } = openTransport();
    // Under the limit in characters, over it in UTF-8.
    const workflowJson = 'é'.repeat(Math.ceil(MAX_CALL_MESSAGE_BYTES / 2) + 10);
    expect(workflowJson.length).toBeLessThan(MAX_CALL_MESSAGE_BYTES);
    const result = await transport.call('jobs.submit', { workflowJson });
    expect(result).toMatchObject({ ok: false, error: { code: 'call_too_large' } });
    expect(socket.sent).toEqual([]);
  });

  it('sends a call within the limit', () => {
    const { transport, socket } = openTransport();
    void transport.call('jobs.submit', { workflowJson: 'x'.repeat(1024 * 1024) });
    expect(socket.sent).toHaveLength(1);
    expect(JSON.parse(socket.sent[0] ?? '')).toMatchObject({ type: 'call', name: 'jobs.submit' });
  });
});
