import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '#server/config/config.ts';
import type { Logger } from '#server/logging/logger.ts';
import { newId } from '#server/lib/ids.ts';

export interface Email {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends through SMTP_URL when configured. Otherwise the message is written as an .eml file to
 * DATA_DIR/outbox and logged, so password reset works in demo mode and in tests without a mail server.
 */
export async function sendEmail(config: Config, log: Logger, email: Email): Promise<void> {
  const message = { from: config.MAIL_FROM, to: email.to, subject: email.subject, text: email.text };
  if (config.SMTP_URL) {
    await nodemailer.createTransport(config.SMTP_URL).sendMail(message);
    log.info({ to: email.to, subject: email.subject }, 'email sent');
    return;
  }
  const built = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    .sendMail(message);
  const dir = path.join(config.dataDir, 'outbox');
  await fs.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`;
  const file = path.join(dir, name);
  // Written beside the outbox, then moved in: whoever reads the outbox never sees half a message.
  const partial = path.join(config.dataDir, `.outbox-${name}`);
  await fs.writeFile(partial, built.message as Buffer, { mode: 0o600 });
  await fs.rename(partial, file);
  log.info({ to: email.to, subject: email.subject, file }, 'email written to the outbox (SMTP_URL is not set)');
}
