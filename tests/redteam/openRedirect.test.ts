// Replay of the open redirect (issue 23, finding 9): `POST /language` with `redirectTo=/%09/evil.example`
// answered `Location: /\t/evil.example`, which URL parsers resolve to another host. Every redirect target
// taken from input now goes through one check (common/sameOriginPath.ts); here it meets a table of known
// bypasses, directly and over HTTP at each place that redirects: the language switch, the sign-in page's
// `redirectTo` (signed in: sent on at once; signing in: the welcome's way on), and better-auth's callbacks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameOriginPath } from '#common/sameOriginPath.ts';
import { Client } from '#tests/support/httpClient.ts';
import { startPagesApp } from '#tests/support/pagesApp.ts';
import { type Person, signedIn } from '#tests/support/signedIn.ts';
import type { App } from '#tests/support/testApp.ts';

/** Known open-redirect spellings: each is read by some URL parser or browser as another host. */
const BYPASSES: [string, unknown][] = [
  ['the reported attack, as the form decodes it', '/\t/evil.example'],
  ['the reported attack, escaped once more', '/%09/evil.example'],
  ['another host', '//evil.example/x'],
  ['three slashes', '///evil.example'],
  ['a backslash host', '/\\evil.example'],
  ['a backslash later', '/ok\\..\\evil'],
  ['a slash and a backslash', '/\\/evil.example'],
  ['an absolute URL', 'https://evil.example/'],
  ['a scheme-relative URL with credentials', '//user@evil.example'],
  ['a script URL', 'javascript:alert(1)'],
  ['a data URL', 'data:text/html,<script>alert(1)</script>'],
  ['a relative path', 'evil.example/x'],
  ['a newline trick', '/\n/evil.example'],
  ['a CR/LF header split', '/x\r\nSet-Cookie: a=b'],
  ['a NUL', '/x\u0000'],
  ['an escaped newline', '/%0a/evil.example'],
  ['an escaped CR/LF header split', '/x%0d%0aSet-Cookie:%20a=b'],
  ['an escaped slash', '/%2F/evil.example'],
  ['an escaped slash pair', '/%2F%2Fevil.example'],
  ['an escaped backslash', '/%5Cevil.example'],
  ['a dot segment collapsing to //', '/.//evil.example'],
  ['a dot-dot segment collapsing to //', '/..//evil.example'],
  ['escaped dot segments collapsing to //', '/%2e%2e//evil.example'],
  ['a deeper dot-dot collapse', '/a/..//evil.example'],
  ['a leading space', ' //evil.example'],
  ['broken percent-encoding', '/%E0%A4%A'],
  ['an empty value', ''],
  ['a huge value', `/${'a'.repeat(600)}`],
  ['a non-string', 42],
  ['an array', ['/ok']],
];

const cleanups: (() => Promise<void>)[] = [];
let app: App;
let person: Person;
let attempts = 0;

beforeAll(async () => {
  app = await startPagesApp(cleanups, { AUTH_LIMIT_PER_IP: '10000' });
  person = await signedIn(app, 'customer');
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  console.info(`openRedirect: ${attempts} attempts`);
});

/** Where a browser would go: the Location resolved against the site, as WHATWG URL (and browsers) do it. */
function staysOnSite(location: string | null): boolean {
  if (location === null) return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character in Location is the attack
  if (/[\u0000-\u001f\u007f]/.test(location)) return false;
  return new URL(location, app.url).origin === new URL(app.url).origin;
}

const strings = BYPASSES.filter((b): b is [string, string] => typeof b[1] === 'string');

describe('the same-origin check', () => {
  it.each(['/', '/course/abc', '/customer?tab=mine', '/learn/abc/2#t=10', '/search?q=kiswahili%20basics'])(
    'keeps the site path %s',
    (p) => {
      expect(sameOriginPath(p)).toBe(p);
    },
  );

  it('normalises harmless dot segments', () => {
    expect(sameOriginPath('/a/../course/abc')).toBe('/course/abc');
  });

  it.each(BYPASSES)('drops %s', (_label, v) => {
    attempts++;
    expect(sameOriginPath(v)).toBeNull();
  });
});

describe('every redirect taken from input stays on the site', () => {
  it.each(strings)('the language switch, %s', async (_label, v) => {
    attempts++;
    const res = await new Client(app.url).request('/language', {
      method: 'POST',
      body: new URLSearchParams({ locale: 'sw', redirectTo: v }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
  });

  it.each(strings)('the sign-in page, signed in already, %s', async (_label, v) => {
    attempts++;
    const res = await person.request(`/login?redirectTo=${encodeURIComponent(v)}`);
    expect(res.status).toBe(302);
    expect(staysOnSite(res.headers.get('location'))).toBe(true);
    expect(res.headers.get('location')).not.toContain('evil');
  });

  it.each(strings)('signing in, %s', async (_label, v) => {
    attempts++;
    const c = new Client(app.url);
    const res = await c.request('/login.data', {
      method: 'POST',
      body: new URLSearchParams({ email: person.email, password: person.password, redirectTo: v }),
    });
    const body = await res.text();
    // A NUL in any field makes the whole form unreadable (app/server/readForm.server.ts): refused outright.
    if (v.includes('\u0000')) {
      expect(res.status).toBe(400);
      expect(c.cookies.size).toBe(0);
      return;
    }
    expect(res.status).toBe(200);
    expect(c.cookies.size).toBeGreaterThan(0);
    // The welcome's way on is the account's home, never the offered target.
    expect(body).toContain('"to","/customer"');
  });

  it('better-auth’s posts still work with a callback named (the request is rebuilt with its body)', async () => {
    attempts++;
    const c = await signedIn(app, 'customer');
    const res = await c.request(`/api/auth/sign-out?callbackURL=${encodeURIComponent('//evil.example')}`, {
      method: 'POST',
      json: {},
    });
    expect(res.status).toBe(200);
    expect(await c.session()).toBeNull();
  });

  it.each([
    '/api/auth/reset-password/x?callbackURL=',
    '/api/auth/verify-email?token=x&callbackURL=',
    '/api/auth/error?callbackURL=',
  ])('better-auth’s %s', async (path) => {
    for (const [, v] of strings) {
      attempts++;
      const res = await new Client(app.url).request(path + encodeURIComponent(v));
      await res.arrayBuffer();
      expect(res.status, v).toBeLessThan(500);
      expect(staysOnSite(res.headers.get('location')), `${path} ${v} → ${res.headers.get('location')}`).toBe(true);
    }
  });
});
