// The page language over real HTTP (decision 0030): anonymous pages cached apart per language and chosen
// by the cookie, then Accept-Language; the switch (cookie, account setting, never a redirect off the site).
// Rendered pages in each language are checked in the browser: tests/e2e/languages.spec.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { startApp } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const lang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

const stored = (text: string) => ({
  status: 200,
  headers: [['content-type', 'text/html']] as [string, string][],
  body: Buffer.from(`<html lang="${text}"></html>`),
});

describe('the page language', () => {
  it('serves each language its own cached page, chosen by cookie then Accept-Language', async () => {
    const app = await startApp(cleanups);
    const cache = app.running.pageCache;
    cache.set('sw /', cache.generation, stored('sw'));
    cache.set('en /', cache.generation, stored('en'));
    const get = async (headers: Record<string, string>) => {
      const res = await fetch(`${app.url}/`, { headers });
      expect(res.headers.get('x-cache')).toBe('hit');
      expect(res.headers.get('vary')).toContain('accept-language');
      return lang(await res.text());
    };
    expect(await get({ 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' })).toBe('sw');
    expect(await get({ 'accept-language': 'fr-FR,en;q=0.5' })).toBe('en');
    expect(await get({})).toBe('en');
    expect(await get({ 'accept-language': 'sw', cookie: 'darasa_lang=en' })).toBe('en');
    expect(await get({ 'accept-language': 'en', cookie: 'darasa_lang=sw' })).toBe('sw');
  });

  it('switches with the form: a cookie for a visitor, back to the same page of this site only', async () => {
    const app = await startApp(cleanups);
    const c = new Client(app.url);
    const form = (fields: Record<string, string>) =>
      c.request('/language', { method: 'POST', body: new URLSearchParams(fields) });

    const res = await form({ locale: 'sw', redirectTo: '/login?method=phone' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?method=phone');
    expect(c.cookies.get('darasa_lang')).toBe('sw');
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=31536000; SameSite=Lax/);

    for (const away of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      expect((await form({ locale: 'en', redirectTo: away })).headers.get('location')).toBe('/');
    }
    expect((await form({ locale: 'fr' })).status).toBe(400);
    // A post from another site is refused before it can change anything.
    const forged = await c.request('/language', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: new URLSearchParams({ locale: 'sw' }),
    });
    expect(forged.status).toBe(403);
  });

  it('keeps a signed-in person’s choice on the account', async () => {
    const app = await startApp(cleanups);
    const c = new Client(app.url);
    const reg = newRegistration();
    expect((await c.register(reg)).status).toBe(201);
    const locale = () =>
      app.t.db.selectFrom('user').select('locale').where('email', '=', reg.email).executeTakeFirstOrThrow();
    expect((await locale()).locale).toBe('en');
    await c.request('/language', { method: 'POST', body: new URLSearchParams({ locale: 'sw' }) });
    expect((await locale()).locale).toBe('sw');
  });

  it('gives a new account the language of the sign-up page', async () => {
    const app = await startApp(cleanups);
    const c = new Client(app.url);
    const reg = newRegistration({ locale: 'sw' });
    expect((await c.register(reg)).status).toBe(201);
    const row = await app.t.db.selectFrom('user').select('locale').where('email', '=', reg.email).executeTakeFirst();
    expect(row?.locale).toBe('sw');
  });
});
