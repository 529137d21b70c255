// The deprecated v1 surface (managed only): object_info, uploads, prompt, job status, job list, and
// the WebSocket. X-API-Key auth; errors use the v1 {code, message} body.
import type { IncomingMessage, Server } from 'node:http';
import type { Faults } from '../faults';
import { matchPath, sendJson, sendV1Error } from '../http';
import type { JobEngine } from '../jobs/jobEngine';
import type { RouteContext, RouteHandler } from '../types';
import { handleV1List } from './jobList';
import { objectInfo } from './objectInfo';
import { handlePrompt } from './prompt';
import { handleUpload, V1UploadStore } from './uploads';
import { v1PollStatus } from './v1Status';
import { V1Socket } from './websocket';

export interface V1SurfaceDeps {
  engine: JobEngine;
  faults: Faults;
  prefix: string;
  ownerForToken(token: string | null): string | null;
  record(req: IncomingMessage, url: URL, status: number): void;
}

export interface V1Surface {
  handle: RouteHandler;
  attach(server: Server): void;
  reset(): void;
  close(): void;
}

const v1Routes = [
  { method: 'GET', pattern: '/api/object_info' },
  { method: 'POST', pattern: '/api/upload/image' },
  { method: 'POST', pattern: '/api/upload/mask' },
  { method: 'POST', pattern: '/api/prompt' },
  { method: 'GET', pattern: '/api/job/:id/status' },
  { method: 'GET', pattern: '/api/jobs' },
] as const;

export function createV1Surface(deps: V1SurfaceDeps): V1Surface {
  const uploads = new V1UploadStore();
  const socket = new V1Socket(deps);
  const { engine, faults } = deps;

  const answer = async (
    ctx: RouteContext,
    pattern: (typeof v1Routes)[number]['pattern'],
    owner: string,
    params: Record<string, string>,
  ): Promise<void> => {
    switch (pattern) {
      case '/api/object_info':
        return sendJson(ctx.res, 200, objectInfo());
      case '/api/upload/image':
        return handleUpload(ctx, owner, uploads, 'image');
      case '/api/upload/mask':
        return handleUpload(ctx, owner, uploads, 'mask');
      case '/api/prompt':
        return handlePrompt(ctx, owner, engine, faults);
      case '/api/job/:id/status': {
        const job = engine.store.visible(owner, params.id ?? '');
        if (!job) return sendV1Error(ctx.res, 404, 'NOT_FOUND', 'No such job.');
        return sendJson(ctx.res, 200, { status: v1PollStatus(job) });
      }
      case '/api/jobs':
        return handleV1List(ctx, owner, engine);
    }
  };

  const handle: RouteHandler = async (ctx) => {
    for (const route of v1Routes) {
      const params = matchPath(route.pattern, ctx.path);
      if (!params) continue;
      if (ctx.req.method !== route.method) {
        sendV1Error(ctx.res, 405, 'METHOD_NOT_ALLOWED', `Use ${route.method} on this path.`);
        return true;
      }
      const { owner } = ctx.authenticate('v1-x-api-key');
      if (owner === null) {
        sendV1Error(ctx.res, 401, 'UNAUTHORIZED', 'Missing or invalid X-API-Key.');
        return true;
      }
      await answer(ctx, route.pattern, owner, params);
      return true;
    }
    return false;
  };

  return {
    handle,
    attach: (server) => socket.attach(server),
    reset: () => {
      uploads.clear();
      socket.reset();
    },
    close: () => socket.close(),
  };
}
