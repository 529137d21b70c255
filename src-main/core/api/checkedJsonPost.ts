// A POST of a JSON body the documented schema checks first: a body the service would refuse never leaves
// (an invalid_request ApiError, thrown here), and what is sent is what the schema made of it.
import type { z } from 'zod';
import { callOptions, type CallOptions } from './callOptions';
import type { HttpRequest } from './http';
import { validateRequest } from './schemas/writers';

export function checkedJsonPost<T>(
  to: Pick<HttpRequest, 'family' | 'target'>,
  schema: z.ZodType<T>,
  body: unknown,
  options: CallOptions,
): HttpRequest {
  const value = validateRequest(schema, body, 'invalid_request');
  return { ...to, method: 'POST', body: { kind: 'json', value }, ...callOptions(options) };
}
