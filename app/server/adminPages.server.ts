// Loader and action plumbing shared by the admin pages (server only): the admin guard, list parameters
// read from the URL, and moderation results turned into messages.
import { readForm } from './readForm.server.ts';
import { data } from 'react-router';
import { DomainError, invalidInput } from '#server/core/errors.ts';
import { refusalData } from './pageRefusals.server.ts';
import type { Page } from '#server/modules/shared/listQuery.ts';
import type { z } from 'zod';
import { requireArea } from './authGuard.server.ts';
import { operationRunner, type Operation, type Runner } from './operationRunner.server.ts';

type Args = Parameters<typeof requireArea>[0];

/** Operations as the signed-in admin; anyone else is sent away first (the operations check again). */
export function asAdmin(args: Args): Runner {
  requireArea(args, 'admin');
  return operationRunner(args.context);
}

/** One page of a list (its input is the URL's query); parameters a person mistyped show as a message above an empty list (status 400). */
export async function loadList<T>(args: Args, list: Operation<URLSearchParams, Page<T>>) {
  const run = asAdmin(args);
  try {
    return { page: await run(list, new URL(args.request.url).searchParams), error: null as string | null };
  } catch (err) {
    if (!(err instanceof DomainError) || err.code !== 'invalid_input') throw err;
    return data(
      { page: { items: [] as T[], next: null, prev: null } as Page<T>, error: err.message as string | null },
      { status: 400 },
    );
  }
}

/** An answer with figures in it: the English sentence with `{placeholders}` is the message id. */
export interface ActionAnswer {
  message: string;
  values: Record<string, string>;
}

/** Runs a moderation action from a form; its refusal (404, 409, 502…) becomes a message, not an error page. */
export async function runAction(args: Args, act: (run: Runner, form: FormData) => Promise<string | ActionAnswer>) {
  const run = asAdmin(args);
  const form = await readForm(args.request);
  try {
    const answer = await act(run, form);
    return { ok: true as const, ...(typeof answer === 'string' ? { message: answer } : answer) };
  } catch (err) {
    return refusalData(err, (e) => ({ ok: false as const, message: e.message }));
  }
}

/** A form field as a string ('' when missing or a file). */
export function field(form: FormData, name: string): string {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
}

/** The form's `intent`, one of the schema's actions; anything else is a 400. */
export function intentOf<T extends string>(form: FormData, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(field(form, 'intent'));
  if (!parsed.success) throw invalidInput('Unknown action.');
  return parsed.data;
}
