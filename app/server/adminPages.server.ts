// Loader and action plumbing shared by the admin pages (server only): the admin guard, list parameters
// read from the URL, and moderation results turned into messages.
import { data } from 'react-router';
import type { z } from 'zod';
import type { Services } from '#server/core/services.ts';
import type { SessionUser } from '#server/core/actor.ts';
import { DomainError, invalidInput } from '#server/core/errors.ts';
import { refusalData } from './pageRefusals.server.ts';
import { parseListQuery, type Page } from '#server/modules/shared/listQuery.ts';
import { requireArea } from './authGuard.server.ts';
import { serverContext } from './context.server.ts';

type Args = Parameters<typeof requireArea>[0];

export function adminContext(args: Args): { actor: SessionUser; services: Services } {
  const actor = requireArea(args, 'admin');
  return { actor, services: serverContext(args.context).services };
}

/** One page of a list; parameters a person mistyped show as a message above an empty list (status 400). */
export async function loadList<S extends z.ZodType, T>(
  args: Args,
  schema: S,
  list: (services: Services, query: z.infer<S>) => Promise<Page<T>>,
) {
  const { services } = adminContext(args);
  const params = new URL(args.request.url).searchParams;
  try {
    return { page: await list(services, parseListQuery(schema, params)), error: null as string | null };
  } catch (err) {
    if (!(err instanceof DomainError) || err.code !== 'invalid_input') throw err;
    return data(
      { page: { items: [] as T[], next: null, prev: null } as Page<T>, error: err.message as string | null },
      { status: 400 },
    );
  }
}

/** Runs a moderation action from a form; its refusal (404, 409, 502…) becomes a message, not an error page. */
/** An answer with figures in it: the English sentence with `{placeholders}` is the message id. */
export interface ActionAnswer {
  message: string;
  values: Record<string, string>;
}

export async function runAction(
  args: Args,
  act: (services: Services, actor: SessionUser, form: FormData) => Promise<string | ActionAnswer>,
) {
  const { services, actor } = adminContext(args);
  const form = await args.request.formData().catch(() => new FormData());
  try {
    const answer = await act(services, actor, form);
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
