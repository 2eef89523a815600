// Every API endpoint, as every role, with hostile bodies and path parameters: whatever comes in, the answer
// is never a 5xx and the server keeps serving. Behaviour per endpoint is tested beside each module; this
// sweep guards the promise that no input produces a 500, and that every answer carries the security headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingSecurityHeaders } from '#tests/support/securityHeaders.ts';
import { Client, newRegistration } from '#tests/support/httpClient.ts';
import { startApp, type App } from '#tests/support/testApp.ts';

const cleanups: (() => Promise<void>)[] = [];
let app: App;
const clients: Record<string, Client> = {};

const ADMIN = { email: 'fuzz-admin@example.com', password: 'admin-secret-1' };

beforeAll(async () => {
  app = await startApp(cleanups, {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_LIMIT_PER_IP: '1000',
  });
  clients.visitor = new Client(app.url);
  for (const role of ['customer', 'creator'] as const) {
    const c = new Client(app.url);
    expect((await c.register(newRegistration({ role }))).status).toBeLessThan(300);
    clients[role] = c;
  }
  const admin = new Client(app.url);
  expect((await admin.signIn(ADMIN.email, ADMIN.password)).status).toBeLessThan(300);
  clients.admin = admin;
});

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const ID = ':id';
const ENDPOINTS: [string, string][] = [
  ['POST', '/api/account/register'],
  ['POST', '/api/account/register/code'],
  ['POST', '/api/account/sign-in'],
  ['POST', '/api/account/phone/code'],
  ['POST', '/api/account/phone/sign-in'],
  ['POST', '/api/account/phone/register'],
  ['POST', '/api/account/phone/reset'],
  ['POST', '/api/account/delete'],
  ['GET', '/api/my-list'],
  ['PUT', `/api/my-list/${ID}`],
  ['DELETE', `/api/my-list/${ID}`],
  ['POST', '/api/payments'],
  ['GET', `/api/payments/${ID}`],
  ['POST', `/api/mpesa/callback/${ID}`],
  ['POST', `/api/mpesa/receipt/${ID}/${ID}`],
  ['POST', `/api/mpesa/reversal/${ID}`],
  ['POST', `/api/payments/paybill/validate/${ID}`],
  ['POST', `/api/payments/paybill/confirm/${ID}`],
  ['POST', '/api/learning/progress'],
  ['POST', '/api/learning/reviews'],
  ['POST', '/api/learning/quiz-attempts'],
  ['GET', `/api/learning/quizzes/${ID}`],
  ['POST', '/api/offline/check'],
  ['POST', `/api/reviews/${ID}/reply`],
  ['POST', '/api/events'],
  ['GET', `/api/analytics/courses/${ID}`],
  ['GET', `/api/analytics/courses/${ID}/quizzes`],
  ['GET', '/api/studio/dashboard'],
  ['PUT', '/api/studio/profile'],
  ['POST', '/api/studio/courses'],
  ['GET', `/api/studio/courses/${ID}`],
  ['PUT', `/api/studio/courses/${ID}`],
  ['POST', `/api/studio/courses/${ID}/episodes`],
  ['PUT', `/api/studio/courses/${ID}/episodes/order`],
  ['PUT', `/api/studio/courses/${ID}/episodes/${ID}`],
  ['DELETE', `/api/studio/courses/${ID}/episodes/${ID}`],
  ['GET', `/api/studio/courses/${ID}/coupons`],
  ['POST', `/api/studio/courses/${ID}/coupons`],
  ['POST', `/api/studio/courses/${ID}/coupons/${ID}/deactivate`],
  ['GET', `/api/studio/courses/${ID}/affiliates`],
  ['PUT', `/api/studio/courses/${ID}/affiliates`],
  ['GET', `/api/studio/courses/${ID}/announcements`],
  ['POST', `/api/studio/courses/${ID}/announcements`],
  ['GET', `/api/learning/courses/${ID}/announcements`],
  ['PUT', `/api/learning/courses/${ID}/announcements`],
  ['POST', '/api/coupons/check'],
  ['GET', `/api/studio/assets/${ID}`],
  ['POST', `/api/studio/assets/${ID}/retry`],
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/admin/users?page=-1&size=99999&sort=drop%20table'],
  ['GET', '/api/admin/courses?q=%25%27%3B--&sort=__proto__'],
  ['GET', '/api/admin/purchases?cursor=%00%ff'],
  ['GET', '/api/admin/audit?size=abc'],
  ['GET', '/api/admin/jobs'],
  ['POST', `/api/admin/courses/${ID}/feature`],
  ['POST', `/api/admin/users/${ID}/suspend`],
  ['POST', `/api/admin/purchases/${ID}/refund`],
  ['POST', `/api/admin/jobs/${ID}/retry`],
  ['POST', `/api/mpesa/b2c/result/${ID}`],
  ['POST', `/api/mpesa/b2c/status/${ID}/${ID}/${ID}`],
  ['POST', `/api/admin/payouts/${ID}/settle`],
  ['POST', '/api/earnings/withdraw'],
  ['PUT', '/api/earnings/payout-number'],
  ['PUT', '/api/earnings/schedule'],
  ['POST', `/api/admin/creators/${ID}/payout-hold`],
  ['POST', `/api/admin/creators/${ID}/adjustments`],
  ['GET', `/media/play/${ID}`],
  ['GET', `/media/${ID}/w640.webp`],
  ['GET', `/media/s/${ID}/${ID}/master.m3u8`],
  ['POST', '/api/uploads'],
  ['PATCH', `/api/uploads/${ID}`],
  ['HEAD', `/api/uploads/${ID}`],
];

const IDS = ['x', '%00', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(2000), '%F0%9F%92%A9', "1'%20or%20'1'='1"];
const BODIES: (string | undefined)[] = [
  undefined,
  '{',
  'null',
  '[]',
  '{}',
  '"x"',
  JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: { x: 1 } } }),
  JSON.stringify({
    courseId: 1,
    episodeId: [],
    position: 'NaN',
    rating: Number.POSITIVE_INFINITY /* JSON: null */,
    phone: { a: 1 },
    title: null,
  }),
  JSON.stringify({ courseId: 'x'.repeat(100_000), price: -1, kind: 'watch', seconds: -5 }),
  JSON.stringify({ Body: { stkCallback: { CheckoutRequestID: {}, ResultCode: 'zero' } } }),
];

describe('no input produces a 5xx', () => {
  for (const role of ['visitor', 'customer', 'creator', 'admin']) {
    it(`as ${role}`, async () => {
      const client = clients[role]!;
      const seen: string[] = [];
      for (const [method, template] of ENDPOINTS) {
        for (const id of IDS) {
          const path = template.replaceAll(ID, id);
          for (const body of method === 'GET' || method === 'HEAD' ? [undefined] : BODIES) {
            const res = await client.request(path, {
              method,
              ...(body !== undefined ? { body, headers: { 'content-type': 'application/json' } } : {}),
            });
            await res.arrayBuffer();
            if (res.status >= 500)
              seen.push(`${method} ${path.slice(0, 80)} ${String(body).slice(0, 60)} → ${res.status}`);
            const missing = missingSecurityHeaders(res.headers);
            if (missing.length) seen.push(`${method} ${path.slice(0, 80)} lacks ${missing.join(', ')}`);
          }
        }
      }
      expect(seen).toEqual([]);
      expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
      // Thousands of requests: seconds on a quiet machine, but a loaded CI host can take a minute.
    }, 120_000);
  }
});
