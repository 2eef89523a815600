// Tells the people in a discussion, in their language: the course's creator of a new question (by e-mail;
// their daily SMS digest is queueQuestionDigests'), the asker of a new answer (by e-mail, or by SMS when
// their account has a proven phone and no e-mail). A durable job queued with the question or answer (one
// place for both), so a slow mail server never holds up the page and a failed send is retried. An item
// hidden before the job ran is not sent.
import { z } from 'zod';
import { toLocale } from '#common/accounts/locale.ts';
import { defineJob } from '#server/jobs/defineJob.ts';
import { toBool, toNum } from '#server/db/values.ts';
import { sendEmail } from '../messaging/sendEmail.ts';
import { sendSms } from '../messaging/sendSms.ts';
import { type QuestionFacts, SMS_TEXTS } from '../messaging/smsTexts.ts';

/** How much of the question or answer the e-mail quotes. */
const QUOTE_CHARS = 300;

export const notifyQuestionJob = defineJob({
  type: 'questions.notify',
  schema: z.object({ kind: z.enum(['asked', 'answered']), itemId: z.string().min(1) }),
  maxAttempts: 6,
  timeoutMs: 60_000,
  backoffMs: 30_000,
  async handler({ kind, itemId }, { services, signal }) {
    const { db } = services.database;
    const thread = db
      .selectFrom('question')
      .innerJoin('course', 'course.id', 'question.courseId')
      .innerJoin('episode', 'episode.id', 'question.episodeId')
      .select(['course.id as courseId', 'course.title', 'episode.position as episode']);
    const to = ['to.email', 'to.locale', 'to.phone', 'to.phoneVerified'] as const;
    const row =
      kind === 'asked'
        ? await thread
            .innerJoin('user as author', 'author.id', 'question.userId')
            .innerJoin('user as to', 'to.id', 'course.creatorId')
            .select(['question.body', 'question.hidden', 'author.name', ...to])
            .where('question.id', '=', itemId)
            .executeTakeFirst()
        : await thread
            .innerJoin('answer', 'answer.questionId', 'question.id')
            .innerJoin('user as author', 'author.id', 'answer.userId')
            .innerJoin('user as to', 'to.id', 'question.userId')
            .select(['answer.body', 'answer.hidden', 'author.name', ...to])
            .where('answer.id', '=', itemId)
            .executeTakeFirst();
    if (!row || toBool(row.hidden)) return;
    const locale = toLocale(row.locale);
    const episode = toNum(row.episode);
    const facts: QuestionFacts = {
      name: row.name,
      course: row.title,
      episode,
      text: row.body.length > QUOTE_CHARS ? `${row.body.slice(0, QUOTE_CHARS - 1)}…` : row.body,
      link: `${services.config.publicUrl}/learn/${row.courseId}/${episode}#questions`,
    };
    if (!row.email) {
      if (kind === 'answered' && row.phone && toBool(row.phoneVerified))
        await sendSms(services, {
          phone: row.phone,
          purpose: 'notice',
          text: SMS_TEXTS.questionAnsweredSms[locale](facts),
          signal,
        });
      return;
    }
    const [subject, body] =
      kind === 'asked'
        ? [SMS_TEXTS.questionAskedEmailSubject, SMS_TEXTS.questionAskedEmailBody]
        : [SMS_TEXTS.questionAnsweredEmailSubject, SMS_TEXTS.questionAnsweredEmailBody];
    await sendEmail(services.config, services.log, {
      to: row.email,
      subject: subject[locale](facts),
      text: body[locale](facts),
    });
  },
});
