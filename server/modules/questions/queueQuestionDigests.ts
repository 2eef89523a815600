import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';
import { sendQuestionDigestJob } from './sendQuestionDigestJob.ts';
import { waitingQuestionsInTx } from './waitingQuestionsInTx.ts';

/**
 * The creators' SMS digest (periodic): each creator who asked for it, with a phone proven by a code, gets at
 * most one SMS per QUESTION_DIGEST_HOURS, and only when questions were asked since their last one that
 * still wait for their answer. The send time is written and the SMS job queued in one transaction, and
 * only if no other run wrote it first, so two runs at once queue one SMS. Returns how many were queued.
 */
export async function queueQuestionDigests(services: Services): Promise<number> {
  const { db } = services.database;
  const now = services.clock.now();
  const cutoff = new Date(now.getTime() - services.config.QUESTION_DIGEST_HOURS * 3600_000);
  const due = await db
    .selectFrom('creatorProfile')
    .innerJoin('user', 'user.id', 'creatorProfile.userId')
    .select(['creatorProfile.userId', 'creatorProfile.questionDigestAt'])
    .where('creatorProfile.questionDigestSms', '=', true)
    .where('user.phoneVerified', '=', true)
    .where('user.status', '=', 'active')
    .where((eb) =>
      eb.or([eb('creatorProfile.questionDigestAt', 'is', null), eb('creatorProfile.questionDigestAt', '<=', cutoff)]),
    )
    .execute();
  let queued = 0;
  for (const { userId, questionDigestAt: since } of due) {
    const count = (fresh: boolean) => {
      let q = waitingQuestionsInTx(db, { creatorId: userId }).select((eb) => eb.fn.countAll<number>().as('n'));
      if (fresh && since) q = q.where('question.createdAt', '>', since);
      return q.executeTakeFirstOrThrow().then((r) => toNum(r.n));
    };
    const fresh = await count(true);
    if (fresh === 0) continue;
    const waiting = await count(false);
    const claimed = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('creatorProfile')
        .set({ questionDigestAt: now })
        .where('userId', '=', userId)
        .where((eb) => eb.or([eb('questionDigestAt', 'is', null), eb('questionDigestAt', '<=', cutoff)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await services.jobs.enqueue(trx, sendQuestionDigestJob, { creatorId: userId, waiting, fresh });
      return true;
    });
    if (claimed) queued++;
  }
  return queued;
}
