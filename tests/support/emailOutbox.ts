// The e-mails a test server wrote to DATA_DIR/outbox (no SMTP configured), as text, and the sign-up codes in
// them: e-mail sign-up sends a code to the address, and the test helpers sign people up with it
// (decision 0045). Servers started by the test helpers say where their DATA_DIR is (`rememberDataDir`), so a
// client that knows only the server's URL finds the outbox; nothing on the app's port serves e-mails.
import fs from 'node:fs';
import path from 'node:path';
import type { App } from './testApp.ts';

/** Every outbox message in `dataDir`, oldest first, quoted-printable soft breaks undone. */
export function outboxMessages(dataDir: string): string[] {
  const dir = path.join(dataDir, 'outbox');
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

/** Every outbox message of a test server, oldest first. */
export function outboxEmails(app: App): string[] {
  return outboxMessages(app.t.dataDir);
}

/** The newest outbox message to `email`. */
export function newestMessageTo(app: App, email: string): string {
  const mine = outboxEmails(app)
    .filter((m) => m.includes(`To: ${email}`))
    .at(-1);
  if (!mine) throw new Error(`no email to ${email}`);
  return mine;
}

/** The code in a sign-up code e-mail (English or Kiswahili), or null for any other message. */
export function signUpCodeIn(message: string): string | null {
  if (!/Subject: (Your Darasa sign-up code|Msimbo wako wa kujisajili Darasa)/.test(message)) return null;
  return /(?:code is|Darasa ni) (\d{6})\b/.exec(message)?.[1] ?? null;
}

/**
 * The code of the newest e-mail to `email` in `dataDir`'s outbox, or null when that e-mail carries none (the
 * owner's "someone tried to sign up" notice: the address has an account).
 */
export function newestSignUpCode(dataDir: string, email: string): string | null {
  const to = email.trim().toLowerCase();
  const newest = outboxMessages(dataDir)
    .filter((m) => m.toLowerCase().includes(`to: ${to}\n`) || m.toLowerCase().includes(`to: ${to}\r\n`))
    .at(-1);
  return newest ? signUpCodeIn(newest) : null;
}

/** DATA_DIRs of the servers the helpers started, by port (a URL's host may be `localhost` or 127.0.0.1). */
const dataDirs = new Map<string, string>();
const portOf = (url: string) => {
  const u = new URL(url);
  return u.port || (u.protocol === 'https:' ? '443' : '80');
};

/** A server the test started listens at `url` on `dataDir`: its clients read their e-mails there. */
export function rememberDataDir(url: string, dataDir: string): void {
  dataDirs.set(portOf(url), dataDir);
}

/** The DATA_DIR of the test server at `url`. */
export function dataDirOf(url: string): string {
  const dir = dataDirs.get(portOf(url));
  if (!dir) throw new Error(`no DATA_DIR known for ${url}: start it with the test helpers, or rememberDataDir()`);
  return dir;
}
