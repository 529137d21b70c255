// Serving the built renderer, shared by the Electron app protocol and the browser shell's HTTP host:
// the same path rules and the same security headers on both.
import { extname, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface RendererFile {
  filePath: string;
  contentType: string;
}

/** Map a URL path to a file under `root`, or null for anything that escapes it. Unknown routes get the SPA. */
export function resolveRendererFile(root: string, urlPath: string): RendererFile | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const rootResolved = resolve(root);
  const filePath = resolve(rootResolved, relative);
  if (filePath !== rootResolved && !filePath.startsWith(rootResolved + sep)) return null;
  const extension = extname(filePath).toLowerCase();
  if (extension === '')
    return { filePath: resolve(rootResolved, 'index.html'), contentType: CONTENT_TYPES['.html'] ?? '' };
  const contentType = CONTENT_TYPES[extension];
  return contentType ? { filePath, contentType } : null;
}

/**
 * The Content-Security-Policy for the renderer: no remote scripts, no eval, no inline script. WebAssembly may
 * compile (`'wasm-unsafe-eval'`, which allows no JavaScript eval): the uploader hashes dropped files with
 * blake3-wasm in a Web Worker, and a worker takes this same policy from its script's response.
 */
export function contentSecurityPolicy(connectSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob: loupe-asset:",
    "media-src 'self' blob: loupe-asset:",
    "font-src 'self'",
    `connect-src 'self' loupe-asset: ${connectSources.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "worker-src 'self' blob:",
  ].join('; ');
}

export function rendererSecurityHeaders(connectSources: readonly string[] = []): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(connectSources),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
}
