// Replay of the four input classes that answered 500 (issue 23, finding 8): over-long page parameters, a
// body that is not a form posted to a page action, and CR/LF in the language switch's way back. Each must
// now get a clear 4xx or the not-found page, and log no failure.
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { Client } from '#tests/support/httpClient.ts';
import { startPagesApp } from '#tests/support/pagesApp.ts';
import { signedIn } from '#tests/support/signedIn.ts';
import type { App } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
let logged: MockInstance;
let attempts = 0;

beforeAll(async () => {
  app = await startPagesApp(cleanups, { AUTH_LIMIT_PER_IP: '1000' });
  logged = vi.spyOn(app.running.services.log, 'error');
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  console.info(`fiveHundreds: ${attempts} attempts`);
});

async function send(c: Client, path: string, init: RequestInit = {}) {
  attempts++;
  const res = await c.request(path, init);
  return { status: res.status, location: res.headers.get('location'), body: await res.text() };
}

describe('the four classes that answered 500', () => {
  it('over-long category slugs and creator ids get the not-found page', async () => {
    const c = new Client(app.url);
    for (const n of [41, 64, 65, 200, 5000]) {
      for (const path of [`/category/${'a'.repeat(n)}`, `/creators/${'a'.repeat(n)}`]) {
        const res = await send(c, path);
        expect(res.status, path.slice(0, 30)).toBe(404);
        expect(res.body).toContain('Page not found');
      }
    }
  });

  it('a body that is not a form, posted to a page action, is a 415 or 400 in both languages', async () => {
    const bodies: [string | undefined, string | undefined][] = [
      ['application/json', '{"email":"a@b.c","password":"x"}'],
      ['application/json', '{'],
      ['text/plain', 'email=a@b.c'],
      [undefined, undefined],
      ['application/octet-stream', '\u0000\u0001'],
      ['multipart/form-data; boundary=nope', 'garbage'],
      ['application/x-www-form-urlencoded', 'email=a%00@b.c&password=x%00'],
    ];
    const visitor = new Client(app.url);
    const customer = await signedIn(app, 'customer');
    for (const page of ['/login', '/register', '/forgot-password', '/reset-password', '/account']) {
      for (const [type, body] of bodies) {
        for (const [who, lang, words] of [
          [visitor, 'sw', 'Fomu hii haikusomeka'],
          [customer, 'en', 'This form could not be read'],
        ] as const) {
          who.cookies.set('darasa_lang', lang);
          const res = await send(who, page, { method: 'POST', body, headers: type ? { 'content-type': type } : {} });
          expect([400, 415], `${page} ${type}`).toContain(res.status);
          expect(res.body, `${page} ${type} ${lang}`).toContain(words);
        }
      }
    }
  });

  it('CR or LF in the language switch’s way back sends home, never splits the header', async () => {
    const c = new Client(app.url);
    for (const back of ['/x\r\nSet-Cookie: evil=1', '/x\n', '/\r/evil.example', '/course/a\u0000']) {
      const res = await send(c, '/language', {
        method: 'POST',
        body: new URLSearchParams({ locale: 'sw', redirectTo: back }),
      });
      expect(res.status).toBe(303);
      expect(res.location).toBe('/');
      expect(c.cookies.has('evil')).toBe(false);
    }
  });

  it('logged no failure', () => {
    expect(logged).not.toHaveBeenCalled();
  });
});
