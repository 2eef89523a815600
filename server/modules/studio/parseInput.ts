import type { z } from 'zod';
import { badRequest } from '../../http/errors.ts';

/**
 * Validates outside input against a schema. The first problem becomes the message (the one the form
 * shows); every problem is listed by field in `details`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const details: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = issue.path.join('.') || 'body';
    details[key] ??= issue.message;
  }
  const first = r.error.issues[0];
  const message = !first || first.path.length === 0 ? 'The request could not be read.' : first.message;
  throw badRequest(message, details);
}
