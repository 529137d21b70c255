// The v2 error codes of the events stream and the asset routes (job-and-asset-api.md "Assets",
// "Authentication"; NOTES.md Part A "Errors on the events endpoint", DELETE and content), with how to
// provoke each and where.
import { randomUUID } from 'node:crypto';
import {
  allSurfaces as all,
  longJobId,
  outputId,
  quickJobId,
  upload,
  uploadedId,
  type V2ErrorCase,
} from './v2Kit';

const sse = { accept: 'text/event-stream' };

export const v2StreamAndAssetCases: readonly V2ErrorCase[] = [
  {
    name: 'not_implemented (events where streaming is not offered)',
    code: 'not_implemented',
    status: 501,
    on: all,
    provoke: async ({ sim, api }) => {
      const id = await quickJobId(api);
      sim.control.setFaults({ eventsUnsupported: true });
      return api.get(`/api/v2/jobs/${id}/events`, sse);
    },
  },
  {
    name: 'too_many_streams',
    code: 'too_many_streams',
    status: 429,
    on: all,
    retryAfter: true,
    provoke: async ({ sim, api, allowedKey }) => {
      const id = await longJobId(api);
      // The table's simulators allow one stream: hold it, then ask for another.
      const holder = new AbortController();
      const held = await fetch(`${sim.url}/api/v2/jobs/${id}/events`, {
        headers: { authorization: `Bearer ${allowedKey}`, ...sse },
        signal: holder.signal,
      });
      if (held.status !== 200) throw new Error(`the first stream was refused (${held.status})`);
      try {
        return await api.get(`/api/v2/jobs/${id}/events`, sse);
      } finally {
        holder.abort();
      }
    },
  },
  {
    name: 'hash_mismatch',
    code: 'hash_mismatch',
    status: 409,
    on: all,
    provoke: ({ api }) => upload(api, { expected_hash: `blake3:${'0'.repeat(64)}` }),
  },
  {
    name: 'blob_not_found',
    code: 'blob_not_found',
    status: 404,
    on: all,
    provoke: ({ api }) => api.post('/api/v2/assets/from-hash', { hash: `blake3:${'1'.repeat(64)}` }),
  },
  {
    name: 'not_found (unknown asset)',
    code: 'not_found',
    status: 404,
    on: all,
    provoke: ({ api }) => api.get(`/api/v2/assets/${randomUUID()}`),
  },
  {
    name: 'unauthorized (asset content, an authenticated route)',
    code: 'unauthorized',
    status: 401,
    on: all,
    provoke: async ({ api, stranger }) => stranger.get(`/api/v2/assets/${await uploadedId(api)}/content`),
  },
  {
    name: 'forbidden (asset upload)',
    code: 'forbidden',
    status: 403,
    on: all,
    provoke: ({ forbidden }) => upload(forbidden),
  },
  {
    name: 'forbidden (asset read)',
    code: 'forbidden',
    status: 403,
    on: all,
    provoke: async ({ api, forbidden }) => forbidden.get(`/api/v2/assets/${await uploadedId(api)}`),
  },
  {
    name: 'asset_in_use (deleting a job output)',
    code: 'asset_in_use',
    status: 409,
    on: all,
    provoke: async ({ api }) => api.request('DELETE', `/api/v2/assets/${await outputId(api)}`),
  },
  {
    name: 'output_unavailable (upstream bytes gone)',
    code: 'output_unavailable',
    status: 404,
    on: ['self-hosted'],
    absentOn: ['managed', 'serverless'],
    provoke: async ({ sim, api }) => {
      const id = await outputId(api);
      sim.control.setFaults({ outputUnavailable: true });
      return api.get(`/api/v2/assets/${id}/content`);
    },
  },
  {
    name: 'upstream_error 502 (content, reference proxy)',
    code: 'upstream_error',
    status: 502,
    on: ['self-hosted'],
    provoke: async ({ sim, api }) => {
      const id = await uploadedId(api);
      sim.control.setFaults({ upstreamError: { routes: ['GET /api/v2/assets/*/content'], status: 502 } });
      return api.get(`/api/v2/assets/${id}/content`);
    },
  },
  {
    name: 'range_not_satisfiable (contract 416, bytes served directly)',
    code: 'range_not_satisfiable',
    status: 416,
    on: ['self-hosted'],
    provoke: async ({ api }) =>
      api.get(`/api/v2/assets/${await uploadedId(api)}/content`, { range: 'bytes=999999-' }),
  },
];
