// Replay of the shared CSP nonce (issue 23, finding 10): every visitor of a cached page got the same nonce,
// so anyone who read it once could make injected markup run for everyone. A cached page's policy now names
// its inline scripts by hash (computed once when stored) and carries no nonce; a page rendered for one
// person still gets a fresh nonce per render. That the scripts run under the policy in a browser:
// tests/e2e/cachedPageCsp.spec.ts.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryPath } from '#common/catalog/categories.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client } from '#tests/support/httpClient.ts';
import { startPagesApp } from '#tests/support/pagesApp.ts';
import { signedIn } from '#tests/support/signedIn.ts';
import type { App } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
let attempts = 0;
let paths: string[];

beforeAll(async () => {
  app = await startPagesApp(cleanups);
  const creator = await make.user(app.t.db, { name: 'Wanjiru Kamau' });
  const course = await make.course(app.t.db, { creator, title: 'Kilimo Biashara' });
  await make.episode(app.t.db, { courseId: course.id, position: 1 });
  app.running.services.catalogChanged();
  const { category } = await app.t.db
    .selectFrom('course')
    .select('category')
    .where('id', '=', course.id)
    .executeTakeFirstOrThrow();
  paths = ['/', `/course/${course.id}`, categoryPath(category)];
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  console.info(`cachedPageNonce: ${attempts} attempts`);
});

const scriptSrc = (csp: string) => /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
const INLINE = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

async function get(c: Client, path: string) {
  attempts++;
  const res = await c.request(path);
  return {
    cache: res.headers.get('x-cache'),
    csp: res.headers.get('content-security-policy') ?? '',
    html: await res.text(),
  };
}

describe('the policy of a cached page', () => {
  it('carries no nonce, and names each inline script of the page by hash', async () => {
    for (const path of paths) {
      const first = await get(new Client(app.url), path);
      const second = await get(new Client(app.url), path);
      expect(second.cache, path).toBe('hit');
      for (const page of [first, second]) {
        expect(page.csp, path).not.toMatch(/nonce-/);
        const allowed = scriptSrc(page.csp);
        const inline = [...page.html.matchAll(INLINE)].map((m) => m[1]!);
        expect(inline.length, path).toBeGreaterThan(0);
        for (const code of inline)
          expect(allowed, `${path}: ${code.slice(0, 60)}`).toContain(
            `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
          );
        // Nothing else: an injected script (its hash unknown) or the nonce left in the markup is refused.
        expect(allowed.filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'"]);
      }
    }
  });

  it('a page rendered for one person gets a nonce of its own on every render', async () => {
    const person = await signedIn(app, 'customer');
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const page = await get(person, '/');
      expect(page.cache).toBeNull();
      const nonce = /'nonce-([^']+)'/.exec(page.csp)?.[1];
      expect(nonce).toBeDefined();
      expect(page.html).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
  });
});
