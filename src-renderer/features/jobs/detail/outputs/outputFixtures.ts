// Test support for the outputs gallery: outputs of every kind, a fake host that answers the assets.* calls
// the gallery makes, and a fetch that serves text and failure answers like the asset route.
import { vi } from 'vitest';
import type { CallName, JobOutput, JobSnapshot } from '../../../../../src-shared/contract';
import { fakeJobsHost, jobSnapshot, type FakeJobsOptions } from '../../../../test/fakeJobsHost';
import type { Answer } from '../../../../test/fakeHost';

export const BASE = '/asset-bytes/cap/';
export const HASH = `blake3:${'0123456789abcdef'.repeat(4)}`;

export function output(patch: Partial<JobOutput> & { assetId: string }): JobOutput {
  return {
    nodeId: '9',
    name: `${patch.assetId}.bin`,
    type: 'file',
    contentType: 'application/octet-stream',
    sizeBytes: 2048,
    hash: HASH,
    ...patch,
  };
}

export const EVERY_KIND: JobOutput[] = [
  output({ assetId: 'img-1', name: 'kite_0001.png', type: 'image', contentType: 'image/png' }),
  output({ assetId: 'vid-1', name: 'clip.mp4', type: 'video', contentType: 'video/mp4' }),
  output({ assetId: 'aud-1', name: 'audio/tone.wav', type: 'audio', contentType: 'audio/wav' }),
  output({ assetId: 'txt-1', name: 'caption.txt', type: 'text', contentType: 'text/plain' }),
  output({ assetId: 'bin-1', name: 'weights.safetensors', type: 'file', sizeBytes: 5 * 1024 * 1024 }),
  output({ assetId: 'lat-1', name: 'demo.latent', type: 'latent', hash: null }),
];

export function finishedJob(outputs: JobOutput[], patch: Partial<JobSnapshot> = {}): JobSnapshot {
  return jobSnapshot({ id: 'j1', status: 'succeeded', outputs, ...patch });
}

/** The jobs fake plus the assets.* answers the gallery needs; `overrides` win. */
export function galleryHost(
  jobs: JobSnapshot[],
  overrides: Partial<Record<CallName, Answer>> = {},
  more: Omit<FakeJobsOptions, 'jobs' | 'overrides'> = {},
) {
  const options: FakeJobsOptions = {
    ...more,
    jobs,
    overrides: {
      'assets.base': () => ({ ok: true, value: { base: BASE } }),
      'assets.reference': (args) => ({
        ok: true,
        value: {
          text: JSON.stringify({ __type: 'core/ASSET', info: { id: (args as { assetId: string }).assetId } }),
        },
      }),
      ...overrides,
    },
  };
  return fakeJobsHost(options);
}

export type RouteAnswer = { status: number; body?: string; headers?: Record<string, string> };

/** A fetch that answers asset route URLs from `routes` (by path, query ignored) and 404s everything else. */
export function fakeAssetFetch(routes: Record<string, RouteAnswer | (() => RouteAnswer)>) {
  const seen: { url: string; range: string | null }[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const range = new Headers(init?.headers).get('range');
    seen.push({ url, range });
    const entry = routes[url.split('?')[0] ?? url];
    const answer = typeof entry === 'function' ? entry() : (entry ?? { status: 404, body: 'Not found.' });
    return Promise.resolve(
      new Response(answer.status === 204 ? null : (answer.body ?? ''), {
        status: answer.status,
        headers: answer.headers ?? {},
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, seen };
}

/** Puts a clipboard on navigator; `refuse` makes every write fail as a browser without focus would. */
export function fakeClipboard(refuse = false) {
  const writeText = vi.fn((text: string) =>
    refuse ? Promise.reject(new Error('denied')) : Promise.resolve(text),
  );
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  return writeText;
}
