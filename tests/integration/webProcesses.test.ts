// `npm start` with WEB_PROCESSES=2: two web processes behind one port (node:cluster, connections handed
// round-robin) on one database. Each keeps its own page cache; an admin's unpublish, made through
// whichever process takes it, empties the cache of every process. In simulator mode the primary runs the
// M-Pesa and SMS simulators as processes of their own, on loopback ports, and stops them with the rest.
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '#server/lib/freePort.ts';
import { type ChildServer, startWebProcessesChild } from '../support/serverProcess.ts';
import { testServerEnv } from '../support/startTestServer.ts';
import { createTestDatabase, type TestDatabase } from '../support/testDatabase.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client } from '#tests/support/httpClient.ts';

let t: TestDatabase;
let cluster: ChildServer;
const ADMIN = { email: 'ops-admin@example.com', password: 'admin-secret-1' };
let mpesaSimulator: string;
let smsSimulator: string;
beforeAll(async () => {
  t = await createTestDatabase();
  const [mpesaPort, smsPort] = [await freePort(), await freePort()];
  mpesaSimulator = `http://127.0.0.1:${mpesaPort}`;
  smsSimulator = `http://127.0.0.1:${smsPort}`;
  cluster = await startWebProcessesChild(
    testServerEnv(t, {
      WEB_PROCESSES: '2',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      MPESA_SIMULATOR_PORT: String(mpesaPort),
      SMS_SIMULATOR_PORT: String(smsPort),
    }),
  );
}, 120_000);
afterAll(async () => {
  cluster?.child.kill('SIGKILL');
  await t?.close();
});

/** One GET on a new connection (the cluster hands each connection to the next process in turn). */
function freshGet(url: string): Promise<{ body: string; hit: boolean }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => resolve({ body, hit: res.headers['x-cache'] === 'hit' }));
      })
      .on('error', reject);
  });
}

async function sitemapRound(n: number) {
  const answers = [];
  for (let i = 0; i < n; i++) answers.push(await freshGet(`${cluster.url}/sitemap.xml`));
  return answers;
}

it('an admin unpublish clears the cached public pages of every web process', async () => {
  const creator = await make.user(t.db, { role: 'creator' });
  const course = await make.course(t.db, { creator, title: 'Kilimo cha Parachichi' });

  // Each process renders the sitemap once (a miss) and then answers from its cache: two misses in all.
  const warm = await sitemapRound(6);
  expect(warm.every((a) => a.body.includes(`/course/${course.id}`))).toBe(true);
  expect(warm.filter((a) => !a.hit)).toHaveLength(2);

  const admin = new Client(cluster.url);
  expect((await admin.signIn(ADMIN.email, ADMIN.password)).status).toBe(200);
  const res = await admin.request(`/api/admin/courses/${course.id}/unpublish`, {
    method: 'POST',
    json: { reason: 'Copied material' },
  });
  expect(res.status).toBe(200);

  // PostgreSQL's NOTIFY reaches the other process a moment later (and the sender too, which clears again):
  // wait for a clean round. Every answer since the unpublish counts: a process serves the page without the
  // course only after rendering it afresh, whichever round that happened in.
  const since: Array<{ body: string; hit: boolean }> = [];
  await eventually(async () => {
    const round = await sitemapRound(6);
    since.push(...round);
    return !round.some((a) => a.body.includes(`/course/${course.id}`));
  });
  expect(since.filter((a) => !a.hit).length).toBeGreaterThanOrEqual(2);
  // And both cache the new page again.
  await eventually(async () => (await sitemapRound(6)).every((a) => a.hit && !a.body.includes(`/course/${course.id}`)));
}, 120_000);

/** Processes whose parent is `ppid` and whose command line names `word` (Linux's /proc). */
function childProcesses(ppid: number, word: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === ppid && fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(word)) pids.push(Number(entry));
    } catch {
      // the process ended while being read
    }
  }
  return pids;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('runs the simulators as processes of their own, whose pages the app’s port does not serve', async () => {
  expect(childProcesses(cluster.child.pid!, 'simulators/')).toHaveLength(2);
  expect((await fetch(`${mpesaSimulator}/__mpesa`)).status).toBe(200);
  expect((await fetch(`${smsSimulator}/__sms`)).status).toBe(200);
  for (const path of ['/__mpesa', '/__sms']) expect((await fetch(`${cluster.url}${path}`)).status).toBe(404);
});

it('stops every web process and simulator on SIGTERM', async () => {
  const simulators = childProcesses(cluster.child.pid!, 'simulators/');
  cluster.child.kill('SIGTERM');
  expect(await cluster.exited).toBe(0);
  expect(simulators.filter(alive)).toEqual([]);
  await expect(fetch(`${mpesaSimulator}/__mpesa`)).rejects.toThrow();
});
