import type { z } from 'zod';
import { describeIssues } from '#common/validation.ts';
import { invalidInput } from './errors.ts';

/**
 * The one way outside input is validated: against a zod schema, into the value or an `invalid_input`
 * error naming every bad field. `message` overrides the first problem's text where a screen has fixed
 * words for it.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.infer<S> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const described = describeIssues(r.error);
  throw invalidInput(message ?? described.message, described.details);
}
