// Whatever is posted, to whichever address, by whomever: no answer is a 5xx and nothing is logged as a
// failure (issue 23, finding 8). The page routes come from the route table (app/routes.ts), the API routes
// from the Hono app itself (honoRoutes), so a new route is fuzzed without anyone adding it here. Every
// route gets every kind of body (form, multipart, JSON, malformed JSON, text, empty, bytes, a huge field,
// odd Unicode, CR/LF and NUL, a broken multipart or form body) and hostile path parameters, as a visitor
// and as a customer, a creator and an admin. The generator is seeded: the same requests on every run.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import routeTable from '#app/routes.ts';
import { honoRoutes } from '#server/http/createHttpServer.ts';
import type { Client } from '#tests/support/httpClient.ts';
import { startPagesApp } from '#tests/support/pagesApp.ts';
import { signedIn, visitor } from '#tests/support/signedIn.ts';
import type { App } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
let failures: MockInstance[];
let attempts = 0;

beforeAll(async () => {
  app = await startPagesApp(cleanups, { AUTH_LIMIT_PER_IP: '100000', AUTH_LIMIT_PER_ACCOUNT: '100000' });
  const { log } = app.running.services;
  failures = [vi.spyOn(log, 'error'), vi.spyOn(log, 'fatal')];
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  console.info(`inputFuzz: ${attempts} attempts`);
});

/** mulberry32: a small seeded generator, so a failure found once is found again. */
function seeded(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

const FIELDS = [
  'intent',
  'email',
  'password',
  'name',
  'phone',
  'role',
  'method',
  'code',
  'token',
  'redirectTo',
  'myList',
  'locale',
  'courseId',
  'userId',
  'purchaseId',
  'payoutId',
  'jobId',
  'reviewId',
  'amount',
  'reason',
  'number',
  'schedule',
  'confirm',
  'id',
  'status',
  'q',
  'rating',
  'body',
  'title',
  'price',
] as const;
const ODD_UNICODE = ['\u202Eevil\u202C', 'a\u200Bb', '\uFEFF', '💩'.repeat(300), 'e\u0301', '\uD800', 'Ｆｕｌｌ'];
const CONTROL = ['\r\n', 'x\r\nSet-Cookie: evil=1', '\u0000', 'a\u0000b', '\n/\t/evil.example'];
const VALUES = [
  '',
  'x',
  '-1',
  '0',
  'NaN',
  '1e309',
  'null',
  'true',
  '[]',
  '{}',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '//evil.example',
  '/%09/evil.example',
  'sign-in',
  'delete',
  'refund',
  'approve',
  'send-code',
  'phone',
  'admin',
  '+254712345678',
  'a@b.c',
  'a'.repeat(5000),
  ...ODD_UNICODE,
  ...CONTROL,
];

const BODY_KINDS = [
  'form',
  'multipart',
  'json',
  'badJson',
  'text',
  'empty',
  'octet',
  'huge',
  'unicode',
  'control',
  'badMultipart',
  'badForm',
] as const;
type BodyKind = (typeof BODY_KINDS)[number];

function fields(rng: ReturnType<typeof seeded>, values: readonly string[]): [string, string][] {
  const n = 1 + Math.floor(rng.next() * 6);
  return Array.from({ length: n }, () => [rng.pick(FIELDS), rng.pick(values)] as [string, string]);
}

function body(kind: BodyKind, rng: ReturnType<typeof seeded>): { body?: BodyInit; type?: string } {
  switch (kind) {
    case 'form':
      return { body: new URLSearchParams(fields(rng, VALUES)) };
    case 'multipart': {
      const f = new FormData();
      for (const [k, v] of fields(rng, VALUES)) f.append(k, v);
      f.append(rng.pick(FIELDS), new Blob([new Uint8Array([0, 255, 1])]), 'x.bin');
      return { body: f };
    }
    case 'json':
      return { body: JSON.stringify(Object.fromEntries(fields(rng, VALUES))), type: 'application/json' };
    case 'badJson':
      return { body: '{"email": "a@b.c", ', type: 'application/json' };
    case 'text':
      return {
        body: fields(rng, VALUES)
          .map(([k, v]) => `${k}=${v}`)
          .join('&'),
        type: 'text/plain',
      };
    case 'empty':
      return {};
    case 'octet':
      return {
        body: new Uint8Array(Array.from({ length: 64 }, () => Math.floor(rng.next() * 256))),
        type: 'application/octet-stream',
      };
    case 'huge':
      return { body: new URLSearchParams([[rng.pick(FIELDS), 'a'.repeat(1_000_000)], ...fields(rng, VALUES)]) };
    case 'unicode':
      return { body: new URLSearchParams(FIELDS.map((k) => [k, rng.pick(ODD_UNICODE)])) };
    case 'control':
      return { body: new URLSearchParams(FIELDS.map((k) => [k, rng.pick(CONTROL)])) };
    case 'badMultipart':
      return {
        body: '--nope\r\nContent-Disposition: form-data\r\n\r\n\u0000',
        type: 'multipart/form-data; boundary=b',
      };
    case 'badForm':
      return { body: 'email=%ZZ&password=%&%E0%A4%A=1', type: 'application/x-www-form-urlencoded' };
  }
}

/** Path parameters: a plain one, then ones too long, encoded oddly, or carrying control characters. */
const PLAIN = 'x';
const HOSTILE_PARAMS = [
  'a'.repeat(70),
  'a'.repeat(5000),
  '%F0%9F%92%A9%E2%80%AE',
  '%0D%0ASet-Cookie:%20evil=1',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%ZZ',
];
const fill = (pattern: string, value: string) => pattern.replace(/:\w+(\{[^}]*\})?\??/g, value).replace(/\*$/, value);

interface Entry {
  file: string;
  path?: string;
  index?: boolean;
  children?: Entry[];
}
/** Every page address of the route table, layouts and index routes resolved. */
function pagePatterns(entries: Entry[], prefix = ''): string[] {
  return entries.flatMap((e) => {
    const here = e.path ? `${prefix}/${e.path}` : prefix;
    const own = e.path || e.index ? [here || '/'] : [];
    return [...own, ...pagePatterns(e.children ?? [], here)];
  });
}

/**
 * One request on a connection of its own, the path exactly as given: a server that answers before reading a
 * huge body (and closes) cannot spoil the next request, and a path is never normalised by a client library.
 * Resolves with the status once the answer has come, whatever happens to the upload after that.
 */
async function send(client: Client, method: string, path: string, body?: BodyInit, type?: string): Promise<number> {
  const encoded = body === undefined ? undefined : new Request('http://x/', { method: 'POST', body });
  const bytes = encoded ? Buffer.from(await encoded.arrayBuffer()) : undefined;
  const contentType = type ?? encoded?.headers.get('content-type') ?? undefined;
  const url = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: url.hostname,
      port: url.port,
      method,
      path,
      agent: false,
      headers: {
        origin: client.origin,
        ...(client.cookies.size ? { cookie: client.cookieHeader } : {}),
        ...(contentType ? { 'content-type': contentType } : {}),
        ...(bytes ? { 'content-length': bytes.length } : {}),
      },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.end(bytes);
  });
}

async function fuzz(client: Client, targets: { method: string; pattern: string }[], seed: number, every: boolean) {
  const rng = seeded(seed);
  const seen: string[] = [];
  const requests: (() => Promise<void>)[] = [];
  for (const { method, pattern } of targets) {
    const hasParams = /[:*]/.test(pattern);
    for (const param of hasParams ? [PLAIN, ...HOSTILE_PARAMS] : [PLAIN]) {
      const path = fill(pattern, param);
      // Every kind of body with the plain parameter (signed in: a seeded third of them, the runs together still
      // covering every kind); hostile parameters with one form.
      const kinds: readonly BodyKind[] =
        method === 'GET' || method === 'HEAD'
          ? ['empty']
          : param !== PLAIN
            ? ['form']
            : every
              ? BODY_KINDS
              : BODY_KINDS.filter(() => rng.next() < 1 / 3);
      for (const kind of kinds) {
        const { body: b, type } = body(kind, rng);
        requests.push(async () => {
          attempts++;
          const what = `${method} ${path.slice(0, 60)} [${kind}]`;
          try {
            const status = await send(client, method, path, b, type);
            if (status >= 500) seen.push(`${what} → ${status}`);
          } catch (err) {
            seen.push(`${what} → ${err}`);
          }
        });
      }
    }
  }
  // A few at a time: fast, and the order of requests stays the same from run to run.
  for (let i = 0; i < requests.length; i += 8) await Promise.all(requests.slice(i, i + 8).map((r) => r()));
  return seen;
}

describe('no input produces a 5xx or a logged failure', () => {
  const pages = () => pagePatterns(routeTable as Entry[]);
  const api = () =>
    honoRoutes({ services: app.running.services, pageCache: app.running.pageCache })
      .flatMap(({ method, path }) =>
        (method === 'ALL' ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : [method]).map((m) => ({
          method: m,
          pattern: path,
        })),
      )
      // Signing out would end the signed-in runs early; it takes no input.
      .filter(({ pattern }) => pattern !== '/logout');

  it('finds every page route and API route', () => {
    expect(pages()).toEqual(expect.arrayContaining(['/', '/login', '/account', '/category/:slug', '/admin/users']));
    expect(api().map((r) => `${r.method} ${r.pattern}`)).toEqual(
      expect.arrayContaining(['POST /language', 'POST /api/payments', 'PATCH /api/uploads/:uploadId']),
    );
  });

  for (const [role, seed] of [
    ['visitor', 1],
    ['customer', 2],
    ['creator', 3],
    ['admin', 4],
  ] as const) {
    it(`as ${role}`, async () => {
      const client = role === 'visitor' ? visitor(app) : await signedIn(app, role);
      const targets = [
        ...pages().flatMap((pattern) => ['GET', 'POST'].map((method) => ({ method, pattern }))),
        ...api(),
      ];
      const seen = await fuzz(client, targets, seed, role === 'visitor');
      expect(seen).toEqual([]);
      expect(
        failures.flatMap((f) =>
          f.mock.calls.map((c: unknown[]) => `${String(c[1] ?? c[0])}: ${(c[0] as { err?: Error }).err?.message}`),
        ),
      ).toEqual([]);
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    }, 240_000);
  }
});
