// The registry is the one place periodic work is declared: every task is in it, and no other code in server/
// keeps a repeating timer, except for the leases and heartbeats of work already running (allow-list below).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.ts';
import { periodicTasks, WORKER_SCOPES, webProcessScopes } from './periodicTasks.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
// Simulator mode generates its callback secrets in DATA_DIR: a throw-away one, not ./data.
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-periodic-'));

/** Files allowed a setInterval, and why: none of them is periodic work. */
const ALLOWED = new Map([
  ['jobs/jobWorker.ts', 'renews the lease of a running job'],
  ['uploadLocks/leaseLockTable.ts', 'renews the leases of upload locks held by this process'],
  ['composition/startServer.ts', 'closes idle connections while a shutdown drains requests'],
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [file] : [];
  });
}

describe('periodic tasks', () => {
  it('are all declared in the registry, once each', () => {
    expect(periodicTasks.map((t) => [t.name, t.scope])).toEqual([
      ['payments.reconcile', 'deployment'],
      ['payouts.tick', 'deployment'],
      ['uploads.sweepAbandoned', 'deployment'],
      ['uploads.storeHeldOriginals', 'machine'],
      ['media.av1Backfill', 'deployment'],
      ['questions.smsDigest', 'deployment'],
      ['announcements.newLessons', 'deployment'],
      ['instalments.remind', 'deployment'],
      ['analytics.flushViewEvents', 'process'],
    ]);
  });

  it('run as often as their settings say', () => {
    const interval = (name: string, env: Record<string, string> = {}) =>
      periodicTasks.find((t) => t.name === name)!.intervalMs(loadConfig({ DATA_DIR, NODE_ENV: 'test', ...env }));
    expect(interval('payments.reconcile', { PAYMENT_RECONCILE_INTERVAL_MS: '2500' })).toBe(2500);
    expect(interval('payments.reconcile', { PAYMENT_RECONCILE_INTERVAL_MS: '0' })).toBe(0);
    expect(interval('payouts.tick', { PAYOUT_TICK_S: '7' })).toBe(7000);
    expect(interval('questions.smsDigest', { QUESTION_DIGEST_CHECK_S: '60' })).toBe(60_000);
    expect(interval('announcements.newLessons', { LESSON_NOTICE_CHECK_S: '120' })).toBe(120_000);
    expect(interval('instalments.remind', { INSTALMENT_REMINDER_CHECK_S: '90' })).toBe(90_000);
    expect(interval('instalments.remind', { INSTALMENT_REMINDER_CHECK_S: '0' })).toBe(0);
    expect(interval('analytics.flushViewEvents', { VIEW_EVENTS_FLUSH_MS: '0' })).toBe(0);
    for (const t of periodicTasks)
      expect(t.intervalMs(loadConfig({ DATA_DIR, NODE_ENV: 'test' })), t.name).toBeGreaterThan(0);
  });

  it('of the deployment run where jobs run: web processes with a job worker, and workers', () => {
    expect(webProcessScopes(loadConfig({ DATA_DIR, NODE_ENV: 'test', JOB_CONCURRENCY: '2' }))).toContain('deployment');
    expect(webProcessScopes(loadConfig({ DATA_DIR, NODE_ENV: 'test', JOB_CONCURRENCY: '0' }))).toEqual([
      'process',
      'machine',
    ]);
    expect(WORKER_SCOPES).toEqual(['deployment']);
  });

  it('have no timer of their own outside the registry: setInterval only for leases and heartbeats', () => {
    const using = sourceFiles(serverDir)
      .filter((f) => /\bsetInterval\(/.test(fs.readFileSync(f, 'utf8')))
      .map((f) => path.relative(serverDir, f).split(path.sep).join('/'));
    expect(using.filter((f) => !ALLOWED.has(f))).toEqual([]);
    expect([...ALLOWED.keys()].filter((f) => !using.includes(f))).toEqual([]);
  });
});
