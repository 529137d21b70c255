// The route patterns fault switches are aimed with ("GET /api/v2/jobs/*"), kept apart from the fault state.

/**
 * Route patterns look like "POST /api/v2/jobs" or "/api/v2/jobs/*"; `*` matches one path segment and a
 * trailing `**` matches the rest. The method is optional.
 */
export function routeMatches(pattern: string, method: string, path: string): boolean {
  const trimmed = pattern.trim();
  const space = trimmed.indexOf(' ');
  const patternMethod = space > 0 ? trimmed.slice(0, space).toUpperCase() : null;
  const patternPath = space > 0 ? trimmed.slice(space + 1).trim() : trimmed;
  if (patternMethod !== null && patternMethod !== method.toUpperCase()) return false;
  const expected = patternPath.split('/');
  const actual = path.split('/');
  for (let i = 0; i < expected.length; i++) {
    const segment = expected[i];
    if (segment === '**') return true;
    if (i >= actual.length) return false;
    if (segment !== '*' && segment !== actual[i]) return false;
  }
  return expected.length === actual.length;
}
