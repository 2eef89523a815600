import type { Context } from 'hono';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { DomainError, invalidInput } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';

/** The media types Hono's validator parses as JSON (its own test). */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * The one way a route reads a JSON body: Hono's validator parses it, the zod schema checks its shape (a
 * refusal is parseInput's usual 400 invalid_input), and the handler reads the value as `c.req.valid('json')`.
 * A malformed body is Hono's HTTPException 400 or JSON.parse's SyntaxError, both answered 400
 * invalid_input by errorResponse.
 *
 * A body of another content type is read as JSON too (navigator.sendBeacon posts text/plain); no body at
 * all is `{}`, as Hono's validator has it. `orForm` also takes an HTML form (its string fields) and
 * refuses any other type with a 415.
 */
export function jsonBody<S extends z.ZodType>(schema: S, { orForm = false }: { orForm?: boolean } = {}) {
  return validator(
    'json',
    async (parsed, c): Promise<z.output<S>> => parseInput(schema, withoutNul(await bodyOf(c, parsed, orForm))),
  );
}

/**
 * PostgreSQL cannot hold a NUL character in text (it refuses the whole statement), and no field of ours
 * means one: a body carrying one anywhere, key or value, is unreadable (400), before any query sees it.
 * Walked with a stack, not recursion, so no nesting depth can overflow it.
 */
function withoutNul(body: unknown): unknown {
  const pending = [body];
  while (pending.length) {
    const v = pending.pop();
    if (typeof v === 'string' && v.includes('\u0000')) throw invalidInput('The request could not be read.');
    if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) throw invalidInput('The request could not be read.');
        pending.push(x);
      }
  }
  return body;
}

async function bodyOf(c: Context, parsed: unknown, orForm: boolean): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (JSON_TYPE.test(type)) return parsed;
  if (orForm) {
    if (type !== 'application/x-www-form-urlencoded')
      throw new DomainError('unsupported_media_type', 'Send JSON or a form.');
    return Object.fromEntries(Object.entries(await c.req.parseBody()).filter(([, v]) => typeof v === 'string'));
  }
  const text = await c.req.text();
  return text.trim() ? JSON.parse(text) : {};
}

/**
 * A JSON object: the shape of every operation's input. The operation checks the fields itself, after it
 * has checked who is asking, and in its own words.
 */
const anObject = z.record(z.string(), z.unknown());

export const objectBody = jsonBody(anObject);

/** The account endpoints serve API clients and plain HTML forms alike. */
export const accountBody = jsonBody(anObject, { orForm: true });

/** Any JSON, for a provider's callbacks (Daraja): the operation reads the body by name and answers the rest. */
export const callbackBody = jsonBody(z.unknown());
