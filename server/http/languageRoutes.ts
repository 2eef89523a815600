import { Hono } from 'hono';
import { LANG_COOKIE } from '#common/i18n/uiLocale.ts';
import { setMyLocale } from '../modules/accounts/setMyLocale.ts';
import type { AppEnv } from './honoEnv.ts';

const YEAR = 365 * 24 * 3600;

/** Where to go back to: a path on this site only (never `//host` or a full URL: no open redirect). */
function backTo(v: unknown): string {
  return typeof v === 'string' && /^\/(?![/\\])/.test(v) && v.length <= 512 ? v : '/';
}

/**
 * The language switch of the top bar and sign-up: a plain form post (works without JavaScript) that sets
 * the `darasa_lang` cookie, saves a signed-in person's choice, and sends the browser back where it was —
 * a full page load, so the new language's catalogue comes with it (decision 0030).
 */
export function languageRoutes() {
  return new Hono<AppEnv>().post('/language', async (c) => {
    const form = await c.req.parseBody();
    const { services, actor } = c.var.ctx;
    const { locale } = await setMyLocale(services, actor, { locale: form.locale });
    const secure = services.config.publicUrl.startsWith('https://') ? '; Secure' : '';
    c.header('set-cookie', `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${YEAR}; SameSite=Lax${secure}`);
    c.header('cache-control', 'no-store');
    return c.redirect(backTo(form.redirectTo), 303);
  });
}
