// Serves the built renderer on loupe-app://app/ with the same path rules and security headers as the
// browser shell.
import { readFile } from 'node:fs/promises';
import type { Protocol } from 'electron';
import { rendererSecurityHeaders, resolveRendererFile } from '../core/static/rendererFiles';
import { APP_HOST, APP_SCHEME } from './appOrigin';

export type SchemeRegistrar = Pick<Protocol, 'registerSchemesAsPrivileged'>;
export type ProtocolHandlerHost = Pick<Protocol, 'handle'>;

/** Must run before the app is ready. */
export function registerAppSchemes(protocol: SchemeRegistrar): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    {
      scheme: 'loupe-asset',
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true },
    },
  ]);
}

export async function serveAppRequest(request: Request, rendererRoot: string): Promise<Response> {
  const url = new URL(request.url);
  if (url.host !== APP_HOST || request.method !== 'GET') return new Response('Not found', { status: 404 });
  const file = resolveRendererFile(rendererRoot, url.pathname);
  const body = file ? await readFile(file.filePath).catch(() => null) : null;
  if (!file || !body) return new Response('Not found', { status: 404 });
  return new Response(body, { headers: { 'content-type': file.contentType, ...rendererSecurityHeaders() } });
}

export function handleAppProtocol(protocol: ProtocolHandlerHost, rendererRoot: string): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, rendererRoot));
}
