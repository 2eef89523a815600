import { Hono } from 'hono';
import { LANG_COOKIE } from '#common/i18n/uiLocale.ts';
import { sameOriginPath } from '#common/sameOriginPath.ts';
import { invalidInput } from '../core/errors.ts';
import { setMyLocale } from '../modules/accounts/setMyLocale.ts';
import type { AppEnv } from './honoEnv.ts';

const YEAR = 365 * 24 * 3600;

/**
 * The language switch of the top bar and sign-up: a plain form post (works without JavaScript) that sets
 * the `darasa_lang` cookie, saves a signed-in person's choice, and sends the browser back where it was —
 * a full page load, so the new language's catalogue comes with it (decision 0030).
 */
export function languageRoutes() {
  return new Hono<AppEnv>().post('/language', async (c) => {
    // A broken multipart body is the sender's mistake (400), not ours.
    const form = await c.req.parseBody().catch(() => {
      throw invalidInput('The request could not be read.');
    });
    const { services, actor } = c.var.ctx;
    const { locale } = await setMyLocale(services, actor, { locale: form.locale });
    const secure = services.config.publicUrl.startsWith('https://') ? '; Secure' : '';
    c.header('set-cookie', `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`);
    c.header('cache-control', 'no-store');
    // Back where it was, on this site only (no open redirect, no header split).
    return c.redirect(sameOriginPath(form.redirectTo) ?? '/', 303);
  });
}
