// Serves the built renderer on loupe-app://app/ with the same path rules and security headers as the
// browser shell, and, on the same origin, the upload route the page PUTs a pathless file's bytes to
// (loupe-app://app/upload-bytes/<capability>/<batchId>/<fileId>; the route itself is core's).
import { readFile } from 'node:fs/promises';
import type { Protocol } from 'electron';
import { rendererSecurityHeaders, resolveRendererFile } from '../core/static/rendererFiles';
import { isBytesRoutePath, serveBytesFetch, type BytesRouteOptions } from '../core/uploads';
import { APP_HOST, APP_SCHEME } from './appOrigin';

export type SchemeRegistrar = Pick<Protocol, 'registerSchemesAsPrivileged'>;
export type ProtocolHandlerHost = Pick<Protocol, 'handle'>;

/** The page's origin: the only one the upload route takes bytes from. */
const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Must run before the app is ready. */
export function registerAppSchemes(protocol: SchemeRegistrar): void {
  protocol.registerSchemesAsPrivileged([
    // supportFetchAPI also lets an XMLHttpRequest carry a body to this scheme (Blink sends none otherwise).
    // codeCache: V8 keeps the compiled renderer (under userData's "Code Cache", checked against the source)
    // from one launch to the next; Chromium does that for http(s) only unless a scheme asks. Compiling the
    // entry script is a large share of a start (the bench's trace of the browser shell, which cannot cache).
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
    {
      scheme: 'loupe-asset',
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true },
    },
  ]);
}

export async function serveAppRequest(
  request: Request,
  rendererRoot: string,
  uploads?: BytesRouteOptions,
): Promise<Response> {
  const url = new URL(request.url);
  if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
  if (uploads !== undefined && isBytesRoutePath(url.pathname)) {
    return serveBytesFetch(request, { ...uploads, pageOrigin: APP_ORIGIN });
  }
  if (request.method !== 'GET') return new Response('Not found', { status: 404 });
  const file = resolveRendererFile(rendererRoot, url.pathname);
  const body = file ? await readFile(file.filePath).catch(() => null) : null;
  if (!file || !body) return new Response('Not found', { status: 404 });
  return new Response(body, { headers: { 'content-type': file.contentType, ...rendererSecurityHeaders() } });
}

/** `uploads`: core's receiver and the per-launch capability; without it the scheme serves files only. */
export function handleAppProtocol(
  protocol: ProtocolHandlerHost,
  rendererRoot: string,
  uploads?: BytesRouteOptions,
): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, rendererRoot, uploads));
}
