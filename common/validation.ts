import type { z } from 'zod';

/**
 * How a failed zod check reads to a person, the same in the browser and on the server: the first problem
 * is the message (what a form shows), and every problem is listed by field.
 */
export function describeIssues(error: z.ZodError): { message: string; details: Record<string, string> } {
  const details: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    details[key] ??= issue.message;
  }
  const first = error.issues[0];
  const message = !first || first.path.length === 0 ? 'The request could not be read.' : first.message;
  return { message, details };
}
