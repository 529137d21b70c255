// Links in response bodies are made absolute right where the response is read, against the URL that
// returned them (ARCHITECTURE rule 3). From then on every caller simply follows them, and the http
// layer decides by origin alone whether a link may carry the credential.
import type { Asset } from './schemas/asset';
import type { Job, Output } from './schemas/job';
import type { QueueHandle, QueueStatusResponse } from './schemas/router';
import { resolveLink } from './urls';

export function absoluteJobLinks(job: Job, requestUrl: string): Job {
  const { urls } = job;
  return {
    ...job,
    urls: {
      ...urls,
      self: resolveLink(urls.self, requestUrl),
      events: resolveLink(urls.events, requestUrl),
      cancel: resolveLink(urls.cancel, requestUrl),
      logs: urls.logs === null ? null : resolveLink(urls.logs, requestUrl),
    },
    outputs: job.outputs.map((output) => absoluteOutputLink(output, requestUrl)),
  };
}

export function absoluteOutputLink(output: Output, requestUrl: string): Output {
  return { ...output, url: resolveLink(output.url, requestUrl) };
}

export function absoluteAssetLink(asset: Asset, requestUrl: string): Asset {
  return { ...asset, url: resolveLink(asset.url, requestUrl) };
}

export function absoluteQueueLinks(handle: QueueHandle, requestUrl: string): QueueHandle {
  return {
    ...handle,
    status_url: resolveLink(handle.status_url, requestUrl),
    response_url: resolveLink(handle.response_url, requestUrl),
    cancel_url: resolveLink(handle.cancel_url, requestUrl),
  };
}

export function absoluteQueueStatusLinks(
  status: QueueStatusResponse,
  requestUrl: string,
): QueueStatusResponse {
  const resolve = (link: string | null): string | null =>
    link === null ? null : resolveLink(link, requestUrl);
  return {
    ...status,
    status_url: resolve(status.status_url),
    response_url: resolve(status.response_url),
    cancel_url: resolve(status.cancel_url),
  };
}
