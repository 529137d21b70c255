// A service with a long history: 100,000 jobs behind the documented v2 list (newest first, keyset cursors,
// `metadata[k]=v` filters, 500 a page at most) and `GET /api/v2/jobs/{id}`, on loopback, as a self-hosted
// proxy of a current build serves them (no key). Why not the simulator: it can only hold jobs it ran, at
// about 170 a second, and its queue bookkeeping grows with the queue (30,000 submissions took 44 s and were
// still mostly queued), so 100,000 would take the bench a quarter of an hour; and Loupe's own store lists at
// most 10,000 remembered jobs. What Loupe does with the rows, from main's list call to the page, is the same.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jobJson, listItemJson, type HistoryJob } from './history';

export interface HistoryService {
  url: string;
  /** Requests seen, by route: what the list cost the service. */
  requests: { list: number; job: number; other: number };
  close(): Promise<void>;
}

const MAX_PAGE = 500;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function notFound(res: ServerResponse): void {
  send(res, 404, { error: { code: 'not_found', message: 'No such resource.', details: null } });
}

function listPage(jobs: readonly HistoryJob[], url: URL): { jobs: unknown[]; next_cursor?: string } {
  const limit = Math.min(
    MAX_PAGE,
    Math.max(1, Number(url.searchParams.get('limit') ?? MAX_PAGE) || MAX_PAGE),
  );
  const cursor = url.searchParams.get('cursor');
  const start = cursor === null ? 0 : Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  const filters = [...url.searchParams].flatMap(([name, value]) => {
    const key = /^metadata\[(.+)\]$/.exec(name)?.[1];
    return key === undefined ? [] : [[key, value] as const];
  });
  const page: unknown[] = [];
  let index = start;
  for (; index < jobs.length && page.length < limit; index++) {
    const job = jobs[index];
    if (job && filters.every(([key, value]) => job.labels[key] === value)) page.push(listItemJson(job));
  }
  const more = index < jobs.length;
  return more
    ? { jobs: page, next_cursor: Buffer.from(String(index)).toString('base64url') }
    : { jobs: page };
}

export async function startHistoryService(jobs: readonly HistoryJob[]): Promise<HistoryService> {
  const byId = new Map(jobs.map((job) => [job.id, job]));
  const requests = { list: 0, job: 0, other: 0 };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/api/v2/jobs') {
      requests.list += 1;
      return send(res, 200, listPage(jobs, url));
    }
    const id = /^\/api\/v2\/jobs\/([^/]+)$/.exec(url.pathname)?.[1];
    const job = id === undefined ? undefined : byId.get(decodeURIComponent(id));
    if (req.method === 'GET' && job !== undefined) {
      requests.job += 1;
      return send(res, 200, jobJson(job));
    }
    requests.other += 1;
    notFound(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
