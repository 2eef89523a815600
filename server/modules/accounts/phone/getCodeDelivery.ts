import { z } from 'zod';
import { isId } from '#common/ids.ts';
import type { Services } from '#server/core/services.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { PHONE_TEXT } from '#common/accounts/phoneAccountText.ts';

export interface CodeDelivery {
  status: 'sent' | 'delivered' | 'failed' | 'unknown';
  /** Plain words for a code that will not arrive. */
  message: string | null;
}

const UNKNOWN: CodeDelivery = { status: 'unknown', message: null };

/** What the gateway's delivery report said about a code's SMS, for the code form to tell the person. */
export async function getCodeDelivery(services: Services, input: unknown): Promise<CodeDelivery> {
  const { challengeId } = parseInput(z.object({ challengeId: z.string() }), input);
  if (!isId(challengeId)) return UNKNOWN;
  const row = await services.database.db
    .selectFrom('otpChallenge')
    .leftJoin('smsMessage', 'smsMessage.id', 'otpChallenge.smsId')
    .select('smsMessage.status')
    .where('otpChallenge.id', '=', challengeId)
    .executeTakeFirst();
  const status = row?.status;
  if (status === 'failed') return { status, message: PHONE_TEXT.smsNotDelivered };
  if (status === 'sent' || status === 'delivered') return { status, message: null };
  return UNKNOWN;
}
