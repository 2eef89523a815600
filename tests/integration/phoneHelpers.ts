// Shared by the phone-account tests: the SMS simulator's outbox, and the code last sent to a number.
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

/** Polls until `check` passes (delivery reports arrive a moment after sending); bounded. */
export async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, tries = 100): Promise<T> {
  let v = await read();
  for (let i = 0; i < tries && !check(v); i++) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}
