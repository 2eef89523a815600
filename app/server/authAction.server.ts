import { readForm } from './readForm.server.ts';
import { data, redirect, type RouterContextProvider } from 'react-router';
import type { Locale } from '#common/accounts/locale.ts';
import type { SessionUser } from '#server/core/actor.ts';
import { DomainError } from '#server/core/errors.ts';
import { httpStatus, refusalHeaders } from '#server/edge/errorStatus.ts';
import { listMyList, type SavedCourse } from '#server/modules/accounts/myList/savedCourse.ts';
import { saveToMyList } from '#server/modules/accounts/myList/saveToMyList.ts';
import type { AuthResult, ClientRequest } from '#server/modules/accounts/startSession.ts';
import type { CodeRequired } from '#server/modules/accounts/sendSignInCode.ts';
import type { Services } from '#server/core/services.ts';
import { homePathFor } from '#server/modules/access/policies.ts';
import { sameOriginPath } from '#common/sameOriginPath.ts';
import { serverContext } from './context.server.ts';

export type AuthActionData =
  | { ok: true; name: string; to: string; locale: Locale; myList: SavedCourse[] }
  | { ok: false; error: string; fields: Record<string, string>; values: Record<string, string> };

/** A sign-in past the account-wide limit, or an e-mail sign-up: the code step, sent to the account's phone
 * or e-mail, or to the address signing up. `values` are the form's fields but the password. */
export type SignInCodeStep = {
  step: 'code';
  ok: true;
  viaAccount: true;
  values: Record<string, string>;
} & CodeRequired;

type Operation = (
  services: Services,
  input: { form: unknown } & ClientRequest,
) => Promise<AuthResult | { codeRequired: CodeRequired }>;

/**
 * The body of the /login and /register actions: runs the account operation on the posted form, merges
 * the browser's My List (sent as a hidden field) into the account, and answers either the welcome data
 * with the session cookie, or the error to show next to the form (with the status the API would use).
 */
export async function runAuthAction(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  operation: Operation,
  fallbackError: string,
) {
  const { services, clientIp } = serverContext(args.context);
  const form = await readForm(args.request);
  const input: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string') input[k] = v;
  const values = { name: input.name ?? '', email: input.email ?? '', phone: input.phone ?? '', role: input.role ?? '' };
  try {
    const result = await operation(services, { form: input, headers: args.request.headers, clientIp });
    if ('codeRequired' in result)
      return data<SignInCodeStep>({ step: 'code', ok: true, viaAccount: true, values, ...result.codeRequired });
    const { actor, setCookies } = result;
    const myList = await mergeBrowserList(services, actor, input.myList);
    const headers = new Headers();
    for (const cookie of setCookies) headers.append('set-cookie', cookie);
    const to = sameOriginPath(input.redirectTo) ?? homePathFor(actor.role);
    return data<AuthActionData>({ ok: true, name: actor.name, to, locale: actor.locale, myList }, { headers });
  } catch (err) {
    if (err instanceof DomainError)
      return data<AuthActionData>(
        { ok: false, error: err.message, fields: err.details ?? {}, values },
        { status: httpStatus(err), headers: refusalHeaders(err) },
      );
    services.log.error({ err }, 'account form failed');
    return data<AuthActionData>({ ok: false, error: fallbackError, fields: {}, values }, { status: 500 });
  }
}

async function mergeBrowserList(
  services: Services,
  actor: SessionUser,
  raw: string | undefined,
): Promise<SavedCourse[]> {
  let ids: unknown[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) ids = parsed;
  } catch {
    // A damaged hidden field only loses the merge, never the sign-in.
  }
  await saveToMyList(services, actor, { courseIds: ids });
  return listMyList(services, actor);
}

/** Signed-in people have no business on /login or /register: send them on. */
export function redirectIfSignedIn(args: {
  request: Request;
  context: Readonly<RouterContextProvider>;
}): string | null {
  const { actor } = serverContext(args.context);
  const redirectTo = sameOriginPath(new URL(args.request.url).searchParams.get('redirectTo'));
  if (actor) throw redirect(redirectTo ?? homePathFor(actor.role));
  return redirectTo;
}
