// The headers every asset response carries. Asset bytes are untrusted: a job "output" may be HTML or SVG
// that someone made to run script. So the type is never sniffed, and every response carries a sandboxing
// CSP: if a document is ever opened from the asset route it runs no script, has no origin and loads nothing.
// (A CSP on an image or media subresource is ignored, so this costs the gallery nothing.)

const FALLBACK_TYPE = 'application/octet-stream';
/** type/subtype with optional parameters; no control characters (the value goes into a header). */
const mediaType = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;\s*[^\p{Cc}]*)?$/u;

/** The service's content type when it is a well-formed media type, else application/octet-stream. */
export function safeContentType(raw: string | null | undefined): string {
  if (raw === null || raw === undefined) return FALLBACK_TYPE;
  const trimmed = raw.trim();
  return trimmed.length <= 200 && mediaType.test(trimmed) ? trimmed : FALLBACK_TYPE;
}

/** Types a browser would render as a document able to run script. */
export function isDocumentLike(contentType: string): boolean {
  const essence = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return (
    essence === 'text/html' ||
    essence === 'application/xhtml+xml' ||
    essence === 'image/svg+xml' ||
    essence === 'text/xml' ||
    essence === 'application/xml' ||
    essence.endsWith('+xml') ||
    essence === 'application/pdf'
  );
}

/** `sandbox` with no allow-* tokens: no script, an opaque origin, no forms, no popups. */
export const ASSET_SANDBOX_CSP = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";

/** Headers shared by every asset response, whatever its status. */
export function assetSecurityHeaders(): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'content-security-policy': ASSET_SANDBOX_CSP,
    'referrer-policy': 'no-referrer',
    // Loupe keeps its own disk cache; the browser's would only be a second copy of the same bytes.
    'cache-control': 'no-store',
  };
}

/**
 * A thumbnail's bytes never change under its URL: it is made once per hash, an asset's hash is its bytes',
 * and the URL holds the launch's capability, so it is gone with the launch. The page may keep it for a while:
 * a grid scrolled back (or a tile drawn again after a search) shows it without asking main again. Before,
 * under `no-store`, each of those was a request, a file read and a decode (a wheel's pace through the
 * library asked for the same pictures on every pass). `private`: no shared cache may hold it. Only a whole
 * picture is cacheable; a failure (503 not made yet, 422, 404) stays `no-store` and is asked again.
 */
export const THUMB_CACHE_CONTROL = 'private, max-age=3600, immutable';
