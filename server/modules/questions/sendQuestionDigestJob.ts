import { z } from 'zod';
import { toLocale } from '#common/accounts/locale.ts';
import { defineJob } from '#server/jobs/defineJob.ts';
import { toBool } from '#server/db/values.ts';
import { sendSms } from '../messaging/sendSms.ts';
import { SMS_TEXTS } from '../messaging/smsTexts.ts';

/**
 * Sends one creator's question digest (queued by queueQuestionDigests) in their language, to their proven
 * phone, unless they turned the digest off or lost that phone in the meantime.
 */
export const sendQuestionDigestJob = defineJob({
  type: 'questions.digestSms',
  schema: z.object({
    creatorId: z.string().min(1),
    waiting: z.number().int().min(1),
    fresh: z.number().int().min(1),
  }),
  maxAttempts: 5,
  timeoutMs: 60_000,
  backoffMs: 30_000,
  async handler({ creatorId, waiting, fresh }, { services, signal }) {
    const row = await services.database.db
      .selectFrom('user')
      .innerJoin('creatorProfile', 'creatorProfile.userId', 'user.id')
      .select(['user.phone', 'user.phoneVerified', 'user.locale', 'creatorProfile.questionDigestSms'])
      .where('user.id', '=', creatorId)
      .executeTakeFirst();
    if (!row?.phone || !toBool(row.phoneVerified) || !toBool(row.questionDigestSms)) return;
    const text = SMS_TEXTS.questionDigestSms[toLocale(row.locale)]({
      waiting,
      fresh,
      link: `${services.config.publicUrl}/creator`,
    });
    await sendSms(services, { phone: row.phone, purpose: 'notice', text, signal });
  },
});
