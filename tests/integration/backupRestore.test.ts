// `npm run backup` while Darasa serves and purchases settle through the M-Pesa simulator, then `npm run
// restore` into a new DATA_DIR (and a new database on PostgreSQL) and a Darasa started on it: every
// purchase paid before the backup began is there with its enrollment and balanced ledger lines, a session
// cookie from before still signs in, and the media and generated secrets are the same bytes. A damaged or
// half-written backup is refused and leaves DATA_DIR empty. Runs on SQLite and PostgreSQL (pg_dump).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '#server/composition/startServer.ts';
import type { SessionUser } from '#server/core/actor.ts';
import type { Database } from '#server/db/connect.ts';
import { eventually } from '#tests/support/eventually.ts';
import { make } from '#tests/support/factories/index.ts';
import { Client, signedUpClient } from '#tests/support/httpClient.ts';
import { newKey, startMpesaPayment, startWorld, type World } from '#tests/support/paymentsWorld.ts';
import { startTestServer, testServerEnv } from '#tests/support/startTestServer.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/testDatabase.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run backup` / `npm run restore` as an operator runs them: the script in a process of its own. */
function runScript(script: 'backup' | 'restore', env: Record<string, string>, args: string[]): Promise<Run> {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', path.resolve(`scripts/${script}.ts`), ...args],
    { env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d;
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d;
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** Where a restore goes: an empty DATA_DIR that does not exist yet, and on PostgreSQL an empty database. */
async function emptyTarget(): Promise<{ env: Record<string, string>; dataDir: string; t: TestDatabase }> {
  const t = await createTestDatabase({ migrate: false });
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-restore-')), 'data');
  return { t, dataDir, env: { DATA_DIR: dataDir, ...(t.url ? { DATABASE_URL: t.url } : {}) } };
}

let w: World;
let phones = 0;
/** Each purchase from a phone and an account of its own, as many customers buying at once. */
const nextPhone = () => `2547${String(20_000_000 + ++phones)}`;
const scratch: string[] = [];

beforeAll(async () => {
  // Auto mode: the simulator answers every prompt with success, as customers entering their PIN.
  w = await startWorld({}, { mode: 'auto' });
});
afterAll(async () => {
  await w?.close();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

async function buyAndSettle(buyer: SessionUser): Promise<string> {
  const { course } = await make.creatorWithCourse(w.t.db);
  const payment = await startMpesaPayment(w, buyer, course, nextPhone());
  await eventually(async () => {
    const p = await w.t.db.selectFrom('payment').select('status').where('id', '=', payment.id).executeTakeFirst();
    return p?.status === 'paid';
  });
  return payment.id;
}

async function paidPayments(db: Database['db']) {
  return db.selectFrom('payment').select(['id', 'userId', 'courseId']).where('status', '=', 'paid').execute();
}

describe('npm run backup while purchases settle, then npm run restore on a new machine', () => {
  let backupDir: string;
  let customer: Client;
  let customerId: string;
  let paidBefore: Awaited<ReturnType<typeof paidPayments>>;
  let settledDuringBackup = 0;
  const media = {
    'media/asset1/720p/segment0.ts': randomBytes(512 * 1024),
    'media/asset1/poster.jpg': randomBytes(20_000),
    'uploads/asset2/original.mp4': randomBytes(300_000),
    'outbox/welcome.eml': Buffer.from('Subject: Karibu\r\n\r\nHello'),
  };
  // A secret file a later version of Darasa generates: picked up by the rule, not by a list of names.
  const laterSecret = { name: 'mpesa-callback.secret', value: randomBytes(32).toString('base64url') };

  beforeAll(async () => {
    const dataDir = w.t.dataDir;
    for (const [rel, bytes] of Object.entries(media)) {
      fs.mkdirSync(path.dirname(path.join(dataDir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dataDir, rel), bytes);
    }
    fs.writeFileSync(path.join(dataDir, laterSecret.name), laterSecret.value, { mode: 0o600 });
    // Work in progress that is rebuilt, not restored.
    fs.mkdirSync(path.join(dataDir, 'media/.work-asset3'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'media/.work-asset3/half.ts'), 'half');

    // One customer buys over HTTP with a real session; others buy through the same operation.
    customer = await signedUpClient(w.url, 'customer');
    customerId = (await customer.session())!.user.id;
    const { course } = await make.creatorWithCourse(w.t.db);
    const started = await customer.request('/api/payments', {
      method: 'POST',
      json: { courseId: course.id, amount: course.price, phone: nextPhone(), idempotencyKey: newKey() },
    });
    expect(started.status).toBe(202);
    for (let i = 0; i < 4; i++) await buyAndSettle(await make.actor(w.t.db));
    await eventually(async () => (await paidPayments(w.t.db)).length === 5);
    paidBefore = await paidPayments(w.t.db);

    // Purchases keep settling while the backup runs.
    let backupRunning = true;
    const buying = (async () => {
      while (backupRunning) {
        await buyAndSettle(await make.actor(w.t.db));
        if (backupRunning) settledDuringBackup++;
      }
    })();
    const run = await runScript('backup', testServerEnv(w.t), [
      fs.mkdtempSync(path.join(os.tmpdir(), 'darasa-backups-')),
    ]);
    backupRunning = false;
    await buying;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    backupDir = /^Backup written: (.+)$/m.exec(run.stdout)![1]!;
    scratch.push(path.dirname(backupDir));
  });

  it('took the copy while purchases were settling', () => {
    expect(settledDuringBackup).toBeGreaterThan(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8'));
    expect(manifest).toMatchObject({ darasaVersion: version, media: { in: 'backup' } });
    expect(manifest.database.migration).toMatch(/^\d{4}_/);
    const listed = manifest.files.map((f: { path: string }) => f.path);
    expect(listed).toEqual(
      expect.arrayContaining([
        ...Object.keys(media).map((rel) => `data/${rel}`),
        `data/${laterSecret.name}`,
        'data/auth-secret',
      ]),
    );
    expect(listed.filter((p: string) => p.includes('.work-'))).toEqual([]);
  });

  it('restores into an empty DATA_DIR, and the restored Darasa has every purchase paid before the backup', async () => {
    const target = await emptyTarget();
    scratch.push(path.dirname(target.dataDir));
    let restored: Running | undefined;
    try {
      const run = await runScript('restore', target.env, [backupDir]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      restored = await startTestServer(
        { ...target.t, dataDir: target.dataDir },
        { PAYMENT_RECONCILE_INTERVAL_MS: '0' },
      );
      const db = restored.services.database.db;

      const paid = await paidPayments(db);
      expect(paid).toEqual(expect.arrayContaining(paidBefore));
      // Every payment the copy holds as paid (those settled during the backup included) is whole.
      const enrollments = await db.selectFrom('enrollment').select(['userId', 'courseId', 'paymentId']).execute();
      const sales = await db
        .selectFrom('journalEntry')
        .select(['id', 'paymentId'])
        .where('kind', '=', 'sale')
        .execute();
      for (const p of paid) {
        expect(enrollments).toContainEqual({ userId: p.userId, courseId: p.courseId, paymentId: p.id });
        expect(sales.filter((s) => s.paymentId === p.id)).toHaveLength(1);
      }
      const lines = await db.selectFrom('journalLine').select(['entryId', 'amount']).execute();
      for (const sale of sales) expect(lines.some((l) => l.entryId === sale.id)).toBe(true);
      const byEntry = new Map<string, number>();
      for (const l of lines) byEntry.set(l.entryId, (byEntry.get(l.entryId) ?? 0) + Number(l.amount));
      expect([...byEntry.values()].filter((sum) => sum !== 0)).toEqual([]);

      // The session cookie handed out before the backup signs in on the restored site.
      const sameBrowser = new Client(restored.url);
      sameBrowser.cookies = new Map(customer.cookies);
      expect((await sameBrowser.session())?.user.id).toBe(customerId);
      const purchase = await sameBrowser.request(
        `/api/payments/${paidBefore.find((p) => p.userId === customerId)!.id}`,
      );
      expect(purchase.status).toBe(200);
      expect(((await purchase.json()) as { payment: { status: string } }).payment.status).toBe('paid');

      for (const [rel, bytes] of Object.entries(media)) {
        expect(fs.readFileSync(path.join(target.dataDir, rel)).equals(bytes), rel).toBe(true);
      }
      for (const secret of ['auth-secret', 'media-token.secret', laterSecret.name]) {
        const file = path.join(target.dataDir, secret);
        expect(fs.readFileSync(file, 'utf8')).toBe(fs.readFileSync(path.join(w.t.dataDir, secret), 'utf8'));
        expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      }
      expect(fs.existsSync(path.join(target.dataDir, 'media/.work-asset3'))).toBe(false);
    } finally {
      await restored?.stop();
      await target.t.close();
    }
  });

  it('refuses a damaged backup, a half-written one and a non-empty DATA_DIR, writing nothing', async () => {
    const target = await emptyTarget();
    scratch.push(path.dirname(target.dataDir));
    try {
      const damaged = path.join(path.dirname(backupDir), 'damaged');
      fs.cpSync(backupDir, damaged, { recursive: true });
      const segment = path.join(damaged, 'data/media/asset1/720p/segment0.ts');
      const bytes = fs.readFileSync(segment);
      bytes[1000] = bytes[1000]! ^ 0xff;
      fs.writeFileSync(segment, bytes);
      const refused = await runScript('restore', target.env, [damaged]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('data/media/asset1/720p/segment0.ts: its SHA-256 differs');
      expect(fs.existsSync(target.dataDir)).toBe(false);

      const half = path.join(path.dirname(backupDir), '.half.partial');
      fs.cpSync(backupDir, half, { recursive: true });
      fs.rmSync(path.join(half, 'manifest.json'));
      const halfRefused = await runScript('restore', target.env, [half]);
      expect(halfRefused.code).toBe(1);
      expect(halfRefused.stderr).toContain('not a finished Darasa backup');
      expect(fs.existsSync(target.dataDir)).toBe(false);

      fs.mkdirSync(target.dataDir);
      fs.writeFileSync(path.join(target.dataDir, 'auth-secret'), 'the key of another install');
      const occupied = await runScript('restore', target.env, [backupDir]);
      expect(occupied.code).toBe(1);
      expect(occupied.stderr).toContain('is not empty');
      expect(fs.readdirSync(target.dataDir)).toEqual(['auth-secret']);
      if (target.t.url) expect(await target.t.db.introspection.getTables()).toEqual([]);
    } finally {
      await target.t.close();
    }
  });
});
