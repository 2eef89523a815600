import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { registerAccount } from '../modules/accounts/registerAccount.ts';
import { signIn } from '../modules/accounts/signIn.ts';
import type { AppServices } from './appContext.ts';
import { AppError } from './errors.ts';
import type { AppEnv } from './honoEnv.ts';

/**
 * The account operations over JSON (or form posts) for API clients: the same operations the /register
 * and /login pages' actions call. Answers carry the session cookie; errors are the usual 4xx bodies.
 */
export function mountAccountRoutes(app: Hono<AppEnv>, services: AppServices): void {
  const limit = bodyLimit({
    maxSize: 64 * 1024,
    onError: () => {
      throw new AppError(413, 'too_large', 'The request is too large.');
    },
  });
  app.post('/api/account/register', limit, async (c) => {
    const result = await registerAccount(services, await readBody(c), requestOf(c));
    return withCookies(c.json({ user: result.viewer, uniqueId: result.uniqueId }, 201), result.setCookies);
  });
  app.post('/api/account/sign-in', limit, async (c) => {
    const result = await signIn(services, await readBody(c), requestOf(c));
    return withCookies(c.json({ user: result.viewer }), result.setCookies);
  });
}

function requestOf(c: Context<AppEnv>) {
  return { headers: c.req.raw.headers, clientIp: c.var.ctx.clientIp };
}

async function readBody(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) return c.req.json();
  if (type.includes('form')) return Object.fromEntries(Object.entries(await c.req.parseBody()).filter(([, v]) => typeof v === 'string'));
  throw new AppError(415, 'unsupported_media_type', 'Send JSON or a form.');
}

function withCookies(res: Response, cookies: string[]): Response {
  for (const cookie of cookies) res.headers.append('set-cookie', cookie);
  return res;
}
