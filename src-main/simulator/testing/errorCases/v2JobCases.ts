// The v2 job error codes of job-and-asset-api.md ("Errors", POST and GET /api/v2/jobs) and NOTES.md Part A
// (labels, extra_data, the reference proxy's unreachable upstream), with how to provoke each and where.
import { randomUUID } from 'node:crypto';
import {
  allSurfaces as all,
  listingSurfaces as listing,
  quickJob,
  submit,
  submitUnderFault,
  type V2ErrorCase,
} from './v2Kit';

const missingAssetWorkflow = () => ({
  '1': { class_type: 'LoadImage', inputs: { image: { __type: 'core/ASSET', info: { id: randomUUID() } } } },
  '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'x' } },
});

export const v2JobCases: readonly V2ErrorCase[] = [
  {
    name: 'invalid_workflow (unknown node class)',
    code: 'invalid_workflow',
    status: 422,
    on: all,
    provoke: ({ api }) => submit(api, { workflow: { '1': { class_type: 'NoSuchNode', inputs: {} } } }),
  },
  {
    name: 'workflow_format_ui',
    code: 'workflow_format_ui',
    status: 422,
    on: all,
    provoke: ({ api }) => submit(api, { workflow: { nodes: [], links: [] } }),
  },
  {
    name: 'missing_asset',
    code: 'missing_asset',
    status: 422,
    on: all,
    provoke: ({ api }) => submit(api, { workflow: missingAssetWorkflow() }),
  },
  {
    name: 'idempotency_key_reuse',
    code: 'idempotency_key_reuse',
    status: 422,
    on: all,
    provoke: async ({ api }) => {
      const key = { 'idempotency-key': randomUUID() };
      await submit(api, quickJob, key);
      return submit(api, quickJob, key);
    },
  },
  {
    name: 'not_found (unknown job)',
    code: 'not_found',
    status: 404,
    on: all,
    provoke: ({ api }) => api.get(`/api/v2/jobs/${randomUUID()}`),
  },
  {
    name: 'unauthorized (job read)',
    code: 'unauthorized',
    status: 401,
    on: all,
    provoke: ({ stranger }) => stranger.get(`/api/v2/jobs/${randomUUID()}`),
  },
  {
    name: 'forbidden (job submit)',
    code: 'forbidden',
    status: 403,
    on: all,
    provoke: ({ forbidden }) => submit(forbidden, quickJob),
  },
  {
    name: 'insufficient_credits',
    code: 'insufficient_credits',
    status: 402,
    on: ['managed', 'serverless'],
    absentOn: ['self-hosted'],
    provoke: submitUnderFault({ insufficientCredits: true }),
  },
  {
    name: 'queue_full',
    code: 'queue_full',
    status: 429,
    on: all,
    retryAfter: true,
    provoke: submitUnderFault({ queueFull: true }),
  },
  {
    name: 'deployment_not_ready',
    code: 'deployment_not_ready',
    status: 429,
    on: all,
    retryAfter: true,
    provoke: submitUnderFault({ deploymentNotReady: true }),
  },
  {
    name: 'deployment_unavailable',
    code: 'deployment_unavailable',
    status: 429,
    on: all,
    retryAfter: true,
    provoke: submitUnderFault({ deploymentUnavailable: true }),
  },
  {
    name: 'deployment_stopped',
    code: 'deployment_stopped',
    status: 422,
    on: all,
    provoke: submitUnderFault({ deploymentStopped: true }),
  },
  {
    name: 'invalid_cursor',
    code: 'invalid_cursor',
    status: 400,
    on: listing,
    absentOn: ['managed'],
    provoke: ({ api }) => api.get('/api/v2/jobs?cursor=not-a-cursor'),
  },
  {
    name: 'invalid_metadata_filter (a 4th filter)',
    code: 'invalid_metadata_filter',
    status: 400,
    on: listing,
    absentOn: ['managed'],
    provoke: ({ api }) => api.get('/api/v2/jobs?metadata[a]=1&metadata[b]=2&metadata[c]=3&metadata[d]=4'),
  },
  {
    name: 'invalid_request (limit=0)',
    code: 'invalid_request',
    status: 422,
    on: listing,
    absentOn: ['managed'],
    provoke: ({ api }) => api.get('/api/v2/jobs?limit=0'),
  },
  {
    name: 'invalid_request (unknown extra_data key, NOTES)',
    code: 'invalid_request',
    status: 400,
    on: all,
    provoke: ({ api }) => submit(api, { ...quickJob, extra_data: { not_a_key: 'x' } }),
  },
  {
    name: 'not_implemented (job list)',
    code: 'not_implemented',
    status: 501,
    on: ['managed'],
    absentOn: listing,
    provoke: ({ api }) => api.get('/api/v2/jobs'),
  },
  {
    name: 'upstream_error',
    code: 'upstream_error',
    status: 500,
    on: all,
    provoke: ({ sim, api }) => {
      sim.control.setFaults({ upstreamError: { routes: ['GET /api/v2/jobs/*'], count: 1 } });
      return api.get(`/api/v2/jobs/${randomUUID()}`);
    },
  },
  {
    name: 'rate_limited (job read, even for an unknown id)',
    code: 'rate_limited',
    status: 429,
    on: all,
    retryAfter: true,
    provoke: ({ sim, api }) => {
      sim.control.setFaults({ rateLimited: { count: 1 } });
      return api.get(`/api/v2/jobs/${randomUUID()}`);
    },
  },
  {
    name: 'metadata_invalid',
    code: 'metadata_invalid',
    status: 422,
    on: listing,
    absentOn: ['managed'],
    provoke: ({ api }) => submit(api, { ...quickJob, metadata: { 'bad key!': 'x' } }),
  },
  {
    name: 'metadata_not_supported (the managed service refuses labels)',
    code: 'metadata_not_supported',
    status: 422,
    on: ['managed'],
    absentOn: listing,
    provoke: ({ api }) => submit(api, { ...quickJob, metadata: { batch: 'a' } }),
  },
  {
    name: 'upstream_unreachable (reference proxy submit)',
    code: 'upstream_unreachable',
    status: 503,
    on: ['self-hosted'],
    absentOn: ['managed', 'serverless'],
    provoke: submitUnderFault({ upstreamUnreachable: { count: 1 } }),
  },
];
