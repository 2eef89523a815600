// Loader and action plumbing shared by the admin pages (server only): the admin guard, list parameters
// read from the URL, and moderation results turned into messages.
import { data } from 'react-router';
import type { z } from 'zod';
import type { AppServices, Viewer } from '../../../server/http/appContext.ts';
import { AppError, badRequest } from '../../../server/http/errors.ts';
import { parseListQuery, type Page } from '../../../server/modules/admin/listQuery.ts';
import { requireArea } from '../../lib/authGuard.ts';
import { serverContext } from '../../lib/serverContext.ts';

type Args = Parameters<typeof requireArea>[0];

export function adminContext(args: Args): { viewer: Viewer; services: AppServices } {
  const viewer = requireArea(args, 'admin');
  return { viewer, services: serverContext(args.context).services };
}

/** One page of a list; parameters a person mistyped show as a message above an empty list (status 400). */
export async function loadList<S extends z.ZodType, T>(
  args: Args,
  schema: S,
  list: (services: AppServices, query: z.infer<S>) => Promise<Page<T>>,
) {
  const { services } = adminContext(args);
  const params = new URL(args.request.url).searchParams;
  try {
    return { page: await list(services, parseListQuery(schema, params)), error: null as string | null };
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 400) throw err;
    return data({ page: { items: [] as T[], next: null, prev: null } as Page<T>, error: err.message as string | null }, { status: 400 });
  }
}

/** Runs a moderation action from a form; its refusal (404, 409, 502…) becomes a message, not an error page. */
export async function runAction(args: Args, act: (services: AppServices, viewer: Viewer, form: FormData) => Promise<string>) {
  const { services, viewer } = adminContext(args);
  const form = await args.request.formData().catch(() => new FormData());
  try {
    return { ok: true as const, message: await act(services, viewer, form) };
  } catch (err) {
    if (err instanceof AppError) return data({ ok: false as const, message: err.message }, { status: err.status });
    throw err;
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
  if (!parsed.success) throw badRequest('Unknown action.');
  return parsed.data;
}
