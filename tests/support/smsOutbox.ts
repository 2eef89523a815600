// The SMS simulator's outbox, and the code last sent to a number.
import type { Running } from '#server/composition/startServer.ts';

export interface OutboxSms {
  to: string;
  message: string;
  messageId: string | null;
  statusCode: number;
  deliveryStatus: string | null;
}

export async function outbox(running: Running): Promise<OutboxSms[]> {
  const res = await fetch(`${running.services.config.sms.baseUrl}/__sms/messages.json`);
  return (await res.json()) as OutboxSms[];
}

/** The 6 digits of the newest SMS to `phone` (+2547…). */
export async function lastCode(running: Running, phone: string): Promise<string> {
  const sms = (await outbox(running)).find((m) => m.to === phone);
  const code = /\b(\d{6})\b/.exec(sms?.message ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}
