import type { z } from 'zod';

/** One line a person can read: `intervalMs: Too small: expected number to be >=50; url: Required`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
