import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { unauthenticated } from '#server/core/errors.ts';
import { sql } from 'kysely';

/**
 * Everything Darasa keeps about the signed-in person (Kenya's Data Protection Act, 2019, right of access),
 * as one JSON document: account, profiles, purchases and payments, courses owned, progress, notes, reviews, saved
 * courses, sign-in sessions, viewing events, and the questions, answers, upvotes and reports they wrote or gave
 * under lessons, their quiz attempts and certificates, the gifts they sent and claimed, the announcements and
 * bundles they made, their instalment plans, their referral code with its clicks and the referrals that brought
 * them to courses, and the notices and texts sent to them. Secrets (password hash, session tokens, gift links) are left out.
 */
export async function exportMyData(services: Services, actor: Actor): Promise<object> {
  if (!actor) throw unauthenticated('Please sign in to download your data.');
  const { db } = services.database;
  const id = actor.userId;
  const [
    account,
    customerProfile,
    creatorProfile,
    payments,
    enrollments,
    progress,
    notes,
    reviews,
    myList,
    sessions,
    views,
    questions,
    answers,
    questionVotes,
    questionReports,
    quizAttempts,
    certificates,
    giftsSent,
    giftsClaimed,
    announcementsWritten,
    noticesReceived,
    bundlesMade,
    instalmentPlans,
    affiliateCode,
    affiliateClicks,
    referralsToMe,
  ] = await Promise.all([
    db
      .selectFrom('user')
      .select(['id', 'name', 'email', 'phone', 'role', 'createdAt'])
      .where('id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('customerProfile')
      .select(['uniqueId', 'name', 'email', 'phone', 'createdAt'])
      .where('userId', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('creatorProfile')
      .select(['uniqueId', 'name', 'email', 'phone', 'createdAt'])
      .where('userId', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('payment')
      .innerJoin('course', 'course.id', 'payment.courseId')
      .leftJoin('bundle', 'bundle.id', 'payment.bundleId')
      .select([
        'payment.id',
        // A bundle's payment names the bundle; its courseId is only the bundle's first course.
        sql<string>`coalesce(${sql.ref('bundle.title')}, ${sql.ref('course.title')})`.as('course'),
        'bundle.title as bundle',
        'payment.amount',
        'payment.currency',
        'payment.phone',
        'payment.status',
        'payment.mpesaReceipt',
        'payment.createdAt',
        'payment.paidAt',
      ])
      .where('payment.userId', '=', id)
      .orderBy('payment.createdAt')
      .execute(),
    db
      .selectFrom('enrollment')
      .innerJoin('course', 'course.id', 'enrollment.courseId')
      .select(['course.title as course', 'enrollment.createdAt', 'enrollment.announcementsOff'])
      .where('enrollment.userId', '=', id)
      .execute(),
    db
      .selectFrom('progress')
      .select(['courseId', 'episodeId', 'position', 'completed', 'updatedAt'])
      .where('userId', '=', id)
      .execute(),
    db
      .selectFrom('note')
      .select(['courseId', 'episodeId', 'position', 'body', 'createdAt'])
      .where('userId', '=', id)
      .orderBy('createdAt')
      .execute(),
    db.selectFrom('review').select(['courseId', 'rating', 'comment', 'createdAt']).where('userId', '=', id).execute(),
    db.selectFrom('myList').select(['courseId', 'createdAt']).where('userId', '=', id).execute(),
    db
      .selectFrom('session')
      .select(['createdAt', 'expiresAt', 'ipAddress', 'userAgent'])
      .where('userId', '=', id)
      .execute(),
    db
      .selectFrom('viewEvent')
      .select(['courseId', 'episodeId', 'kind', 'seconds', 'createdAt'])
      .where('userId', '=', id)
      .execute(),
    db
      .selectFrom('question')
      .select(['id', 'courseId', 'episodeId', 'body', 'atSeconds', 'hidden', 'createdAt', 'editedAt'])
      .where('userId', '=', id)
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('answer')
      .select(['id', 'questionId', 'body', 'hidden', 'createdAt', 'editedAt'])
      .where('userId', '=', id)
      .orderBy('createdAt')
      .execute(),
    db.selectFrom('questionVote').select(['questionId', 'createdAt']).where('userId', '=', id).execute(),
    db.selectFrom('questionReport').select(['itemId', 'questionId', 'createdAt']).where('userId', '=', id).execute(),
    db
      .selectFrom('quizAttempt')
      .select(['id', 'courseId', 'episodeId', 'score', 'passed', 'results', 'createdAt'])
      .where('userId', '=', id)
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('certificate')
      .select(['code', 'courseTitle', 'learnerName', 'issuedAt'])
      .where('userId', '=', id)
      .execute(),
    gifts(db).where('gift.buyerId', '=', id).execute(),
    gifts(db).where('gift.claimedBy', '=', id).execute(),
    db
      .selectFrom('announcement')
      .select(['id', 'courseId', 'body', 'bySms', 'recipients', 'smsCount', 'createdAt'])
      .where('creatorId', '=', id)
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('noticeDelivery')
      .select(['noticeId', 'channel', 'createdAt'])
      .where('userId', '=', id)
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('bundle')
      .select(['id', 'title', 'description', 'price', 'createdAt', 'deletedAt'])
      .where('creatorId', '=', id)
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('instalmentPlan')
      .innerJoin('course', 'course.id', 'instalmentPlan.courseId')
      .select([
        'instalmentPlan.id',
        'course.title as course',
        'instalmentPlan.parts',
        'instalmentPlan.total',
        'instalmentPlan.createdAt',
        'instalmentPlan.stoppedAt',
      ])
      .where('instalmentPlan.userId', '=', id)
      .orderBy('instalmentPlan.createdAt')
      .execute(),
    db.selectFrom('affiliate').select(['code', 'createdAt']).where('userId', '=', id).executeTakeFirst(),
    db
      .selectFrom('affiliateClick')
      .select(['courseId', 'createdAt'])
      .where('affiliateId', '=', id)
      .orderBy('createdAt')
      .execute(),
    // The referrals that brought this person to a course (whose link, not who else it brought).
    db.selectFrom('referral').select(['courseId', 'affiliateId', 'referredAt']).where('userId', '=', id).execute(),
  ]);
  // Texts sent to their phone number (codes, receipts, notices), by the number the account holds now.
  const texts = account?.phone
    ? await db
        .selectFrom('smsMessage')
        .select(['purpose', 'status', 'createdAt'])
        .where('phone', '=', account.phone)
        .orderBy('createdAt')
        .execute()
    : [];
  return {
    exportedAt: new Date().toISOString(),
    account,
    profiles: { customer: customerProfile ?? null, creator: creatorProfile ?? null },
    payments,
    coursesOwned: enrollments,
    progress,
    notes,
    reviews,
    savedCourses: myList,
    signInSessions: sessions,
    viewingEvents: views,
    questions,
    answers,
    questionVotes,
    questionReports,
    quizAttempts,
    certificates,
    giftsSent,
    giftsClaimed,
    announcementsWritten,
    noticesReceived,
    bundlesMade,
    instalmentPlans,
    affiliate: { code: affiliateCode?.code ?? null, since: affiliateCode?.createdAt ?? null, clicks: affiliateClicks },
    referredBy: referralsToMe,
    textsSent: texts,
  };
}

/** A gift as its buyer or its recipient may see it: never its link's token hash. */
function gifts(db: Services['database']['db']) {
  return db
    .selectFrom('gift')
    .innerJoin('course', 'course.id', 'gift.courseId')
    .select([
      'gift.id',
      'course.title as course',
      'gift.recipientPhone',
      'gift.claimedAt',
      'gift.cancelledAt',
      'gift.createdAt',
    ])
    .orderBy('gift.createdAt');
}
