// Bad input on the public pages, over real HTTP against the built server (no browser): malformed ids, huge
// query strings, FTS operators, unknown paths. The answer is a 404, a redirect or a clear message: never a
// 500, never a stack trace or a file path. Also: the anonymous page cache, and bad configuration.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type APIResponse } from '@playwright/test';
import type { StartOptions, Running } from '#server/composition/startServer.ts';
import { make } from '#tests/support/factories/index.ts';

const BUNDLE = path.resolve('build/server/index.js');

interface Bundle {
  build: NonNullable<StartOptions['build']>;
  clientDir: string;
  startServer(opts: StartOptions): Promise<Running>;
}

let app: Running;
let dataDir: string;
let courseId: string;
const COURSE_TITLE = 'Kilimo Biashara Masterclass';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The built bundle started in this process, so the test can reach its services (catalogChanged).
  const bundle = (await import(pathToFileURL(BUNDLE).href)) as Bundle;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-badinput-'));
  app = await bundle.startServer({
    build: bundle.build,
    clientDir: bundle.clientDir,
    env: { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'silent' },
  });
  const db = app.services.database.db;
  const creator = await make.user(db, { name: 'Wanjiru Kamau' });
  const course = await make.course(db, { creator, title: COURSE_TITLE, description: 'Farming as a business.' });
  await make.episode(db, { courseId: course.id, position: 1 });
  await make.episode(db, { courseId: course.id, position: 2 });
  courseId = course.id;
  app.services.catalogChanged();
});

test.afterAll(async () => {
  await app?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const url = (p: string) => `${app.url}${p}`;

/** A GET with the path exactly as given, not normalised by a client library. */
function rawGet(p: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(app.url, { path: p, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
const long = (n: number) => 'a'.repeat(n);

/** What must never reach a visitor: server errors, stack frames, file paths. */
async function expectClean(res: APIResponse) {
  expect(res.status(), res.url()).toBeLessThan(500);
  const body = await res.text();
  expect(body).not.toMatch(/\n\s+at [^\n]+:\d+:\d+/);
  expect(body).not.toMatch(/\/(work|home|root|tmp|usr|node_modules)\/[\w.-]+\//);
  expect(body).not.toMatch(/(SqliteError|error: syntax error|fts5:|tsquery|ECONNREFUSED|Unexpected Server Error)/i);
  return body;
}

test('malformed and unknown course ids get the not-found page', async ({ request }) => {
  const ids = [
    '%00',
    '%ZZ',
    '%E0%A4',
    '..%2F..%2Fetc%2Fpasswd',
    long(2048),
    encodeURIComponent('kozi-ya-kiswahili-✓-🎓'),
    encodeURIComponent("' or 1=1 --"),
    'AAAAAAAAAAAAAAAA', // well-formed but unknown
  ];
  for (const id of ids) {
    const res = await request.get(url(`/course/${id}`), { maxRedirects: 0 });
    const body = await expectClean(res);
    expect(res.status(), id).toBe(404);
    expect(body).toContain('Page not found');
  }
  // Client-side navigation asks for the data of the same URL: also a 404, not a 500.
  const data = await request.get(url(`/course/${long(2048)}.data`), { maxRedirects: 0 });
  await expectClean(data);
  expect(data.status()).toBe(404);
});

test('paths climbing out with ../ are never resolved on the server', async () => {
  // Sent byte for byte (a browser or fetch would normalise them first).
  for (const p of [
    '/course/../../etc/passwd',
    '/course/..%2F..%2Fetc%2Fpasswd',
    '/media/../../etc/passwd',
    '/assets/../package.json',
  ]) {
    const res = await rawGet(p);
    expect(res.status, p).toBeLessThan(500);
    expect([302, 400, 404], p).toContain(res.status);
    expect(res.body, p).not.toMatch(/root:x:0:0|"name": "darasa"/);
    expect(res.body, p).not.toMatch(/\n\s+at [^\n]+:\d+:\d+/);
  }
});

test('unknown paths redirect to the landing page', async ({ request }) => {
  for (const p of ['/nope', '/admin/../../x', '/%ZZ', '/%E0%A4%', `/${long(2048)}`, '/course', '/wp-login.php?x=1']) {
    const res = await request.get(url(p), { maxRedirects: 0 });
    await expectClean(res);
    expect(res.status(), p).toBe(302);
    expect(res.headers().location).toBe('/');
  }
  const followed = await request.get(url('/nope/deeper'));
  expect(followed.status()).toBe(200);
  expect(new URL(followed.url()).pathname).toBe('/');
});

test('10 KB query strings are ignored or answered with a clear page', async ({ request }) => {
  const q = `?q=${long(10 * 1024)}&x=${encodeURIComponent('"<script>')}`;
  const home = await request.get(url(`/${q}`));
  expect(home.status()).toBe(200);
  expect(await expectClean(home)).toContain(COURSE_TITLE);

  const course = await request.get(url(`/course/${courseId}${q}`));
  expect(course.status()).toBe(200);
  expect(await expectClean(course)).toContain(COURSE_TITLE);

  const missing = await request.get(url(`/course/x${q}`));
  expect(missing.status()).toBe(404);
  await expectClean(missing);

  const search = await request.get(url(`/search${q}`));
  expect(search.status()).toBe(200);
  await expectClean(search);

  // What was typed is shown back as text, never as markup.
  const xss = await request.get(url(`/search?q=${encodeURIComponent('"><script>alert(1)</script>')}`));
  expect(xss.status()).toBe(200);
  expect(await expectClean(xss)).not.toContain('<script>alert(1)');
});

test('search text full of FTS operators and quotes is plain text', async ({ request }) => {
  const nasty = [
    '"',
    '""',
    '*',
    'NEAR(',
    'NEAR(kilimo biashara, 2)',
    'OR',
    'kilimo OR',
    '-',
    '-kilimo',
    'title:kilimo',
    '^kilimo',
    'AND NOT',
    'kilimo AND NOT biashara',
    '((kilimo',
    'kilimo))',
    "'; drop table course; --",
    '!:&|<->',
    'kilimo:*',
    '\\',
    '%',
    '_',
    '\u0000',
  ];
  for (const text of nasty) {
    const res = await request.get(url(`/search?q=${encodeURIComponent(text)}`));
    expect(res.status(), text).toBe(200);
    await expectClean(res);
  }
  // The words among the operator characters still find the course.
  for (const text of ['"kilimo', '(kilimo', 'kilimo*', '^Biashara)', '"kilimo" -biashara:', 'KILIMO*(^"']) {
    const res = await request.get(url(`/search?q=${encodeURIComponent(text)}`));
    expect(await res.text(), text).toContain(COURSE_TITLE);
  }
  // Client-side search asks for the data of the same URL.
  const data = await request.get(url(`/search.data?q=${encodeURIComponent('NEAR(" OR *')}`));
  expect(data.status()).toBe(200);
  await expectClean(data);
});

test('anonymous pages are cached until the catalog changes', async ({ request }) => {
  const page = url(`/course/${courseId}`);
  app.services.catalogChanged();
  const first = await request.get(page);
  expect(first.status()).toBe(200);
  expect(first.headers()['x-cache']).toBeUndefined();
  const second = await request.get(page);
  expect(second.headers()['x-cache']).toBe('hit');

  // An edit that bypasses catalogChanged() is not seen (proof the page comes from the cache)…
  const db = app.services.database.db;
  await db.updateTable('course').set({ title: 'Kilimo Biashara, Toleo la Pili' }).where('id', '=', courseId).execute();
  expect(await (await request.get(page)).text()).toContain(COURSE_TITLE);
  // …and catalogChanged() makes the next request a miss that shows the edit.
  app.services.catalogChanged();
  const fresh = await request.get(page);
  expect(fresh.headers()['x-cache']).toBeUndefined();
  expect(await fresh.text()).toContain('Kilimo Biashara, Toleo la Pili');
  expect((await request.get(page)).headers()['x-cache']).toBe('hit');
  await db.updateTable('course').set({ title: COURSE_TITLE }).where('id', '=', courseId).execute();
  app.services.catalogChanged();

  // A visitor with a session cookie never gets a cached page.
  const withCookie = await request.get(page, { headers: { cookie: 'better-auth.session_token=abc' } });
  expect(withCookie.headers()['x-cache']).toBeUndefined();
});

test('other methods on pages are refused quietly (and a body a page action cannot read)', async ({ request }) => {
  // React Router would print each refusal with a stack: a scanner could flood the logs for free.
  const printed: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => void printed.push(args);
  try {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      for (const p of ['/', `/course/${courseId}`, '/search?q=x', '/nope']) {
        const res = await request.fetch(url(p), { method, data: 'a=%ZZ&b=1', maxRedirects: 0 });
        await expectClean(res);
        // The course page has an action ("Get my link", decision 0067), which React Router runs for any
        // method but GET and HEAD: a body it cannot read is a 415 there.
        if (p.startsWith('/course/')) expect([405, 415], `${method} ${p}`).toContain(res.status());
        else expect(res.status(), `${method} ${p}`).toBe(405);
      }
    }
  } finally {
    console.error = original;
  }
  expect(printed).toEqual([]);
});

test('a bad configuration value stops the server with a message naming the variable', () => {
  const cases: [Record<string, string>, string][] = [
    [{ PORT: 'abc' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
  ];
  for (const [env, name] of cases) {
    const r = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', BUNDLE], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status, name).toBe(1);
    expect(r.stderr).toContain(name);
    expect(r.stderr).toContain('Invalid configuration');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }
});

test('SIGTERM stops the server cleanly', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-sigterm-'));
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', BUNDLE], {
    env: { PATH: process.env.PATH, DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: 'false', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d));
    await expect.poll(() => out, { timeout: 30_000 }).toContain('Darasa is listening');
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('shutting down');
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
