// A raw TCP server for tests of what a misbehaving service does that an http.Server would not let a test
// write: 2xx headers then a dropped connection, a body that never ends, one that stops half-way. Each request
// is answered by the test's `behaviour`, which writes whatever it likes on the socket. Closing it destroys
// every socket still open (a stalled body would otherwise hold the close).
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type RawBehaviour = (socket: Socket) => void;

export interface RawServer {
  /** http://127.0.0.1:port */
  origin: string;
  /** How many requests have come (a connection's first bytes). */
  requests(): number;
  close(): Promise<void>;
}

export async function startRawServer(behaviour: RawBehaviour): Promise<RawServer> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', () => {
      requests += 1;
      behaviour(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A 200's status line and headers, `fields` ("content-length: 5\r\n", or none) before the blank line. */
export function okHead(contentType: string, fields: string): string {
  return `HTTP/1.1 200 OK\r\ncontent-type: ${contentType}\r\n${fields}\r\n`;
}
