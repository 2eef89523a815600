// The e-mails a test server wrote to DATA_DIR/outbox (no SMTP configured), as text.
import fs from 'node:fs';
import path from 'node:path';
import type { App } from './testApp.ts';

/** Every outbox message, oldest first, quoted-printable soft breaks undone. */
export function outboxEmails(app: App): string[] {
  const dir = path.join(app.t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
}

/** The newest outbox message to `email`. */
export function newestMessageTo(app: App, email: string): string {
  const mine = outboxEmails(app)
    .filter((m) => m.includes(`To: ${email}`))
    .at(-1);
  if (!mine) throw new Error(`no email to ${email}`);
  return mine;
}
