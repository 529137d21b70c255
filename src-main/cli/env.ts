// The environment variables the CLI reads, parsed with zod at the boundary. LOUPE_API_KEY is checked but
// never echoed: error messages name the variable, not its value.
import { z } from 'zod';
import { secretSchema, serviceUrlSchema } from '../core/profiles';
import { UsageError } from './errors';

export const surfaceSchema = z.enum(['self-hosted', 'managed', 'serverless'], {
  error: 'Use self-hosted, managed or serverless.',
});

const blankIsUnset = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const envSchema = z.object({
  LOUPE_BASE_URL: z.preprocess(blankIsUnset, serviceUrlSchema.optional()),
  LOUPE_SURFACE: z.preprocess(blankIsUnset, surfaceSchema.optional()),
  LOUPE_API_KEY: z.preprocess(blankIsUnset, secretSchema.optional()),
  LOUPE_ROUTER_URL: z.preprocess(blankIsUnset, serviceUrlSchema.optional()),
});

export type CliEnv = z.output<typeof envSchema>;

export function readEnv(env: Readonly<Record<string, string | undefined>>): CliEnv {
  const result = envSchema.safeParse({
    LOUPE_BASE_URL: env.LOUPE_BASE_URL,
    LOUPE_SURFACE: env.LOUPE_SURFACE,
    LOUPE_API_KEY: env.LOUPE_API_KEY,
    LOUPE_ROUTER_URL: env.LOUPE_ROUTER_URL,
  });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = String(issue?.path[0] ?? 'the environment');
  throw new UsageError(
    `${name} is not valid: ${issue?.message ?? 'unreadable value'}`,
    `Fix or unset ${name}.`,
    'invalid_environment',
  );
}
