// The whole "who may do what" matrix of policies.ts, one rule per case.
import { describe, expect, it } from 'vitest';
import type { Actor } from '#server/core/actor.ts';
import {
  areaAccess,
  canAnnounce,
  canSetAnnouncementsOff,
  canBuyCourse,
  canClaimGift,
  canManageGift,
  canChangeQuestionItem,
  canJoinQuestions,
  canReportQuestionItem,
  canSeeHiddenQuestions,
  canCreateCourse,
  canManageAsset,
  canManageCoupons,
  canManageCourse,
  canManageEarnings,
  canBeAffiliate,
  earnsCommission,
  canReplyToReview,
  canReportReview,
  canReviewCourse,
  canSeeQuizAnalytics,
  canTakeQuiz,
  canUpload,
  canViewCourse,
  canViewPayment,
  canWatchVideo,
  canOpenLessonFile,
  canPayInstalment,
  earnsCertificates,
  hasCourseAccess,
  lessonsOpenedByParts,
} from './policies.ts';

const owner: Actor = { userId: 'owner', role: 'creator' };
const other: Actor = { userId: 'other', role: 'creator' };
const learner: Actor = { userId: 'learner', role: 'customer' };
const admin: Actor = { userId: 'admin', role: 'admin' };
const published = { creatorId: 'owner', published: true };
const draft = { creatorId: 'owner', published: false };

describe('managing courses and their media', () => {
  it('lets a course’s own creator and admins manage it and its coupons, no one else', () => {
    for (const can of [canManageCourse, canManageCoupons]) {
      expect(can(owner, published)).toBe(true);
      expect(can(admin, published)).toBe(true);
      expect(can(other, published)).toBe(false);
      // A customer whose id happens to match is still no creator.
      expect(can({ userId: 'owner', role: 'customer' }, published)).toBe(false);
      expect(can(learner, published)).toBe(false);
      expect(can(null, published)).toBe(false);
    }
  });

  it('arranging a course (sections and the lessons without one reordered, a lesson’s files renamed and reordered; decision 0069) is managing it: its creator and admins only', () => {
    // reorderSections, renameLessonResource and reorderLessonResources load the course through
    // loadManagedCourse, i.e. canManageCourse; the HTTP answers per role are in tests/integration/arrangingLessons.test.ts.
    expect(
      [null, learner, other, { userId: 'owner', role: 'customer' } as Actor, owner, admin].map((a) =>
        canManageCourse(a, draft),
      ),
    ).toEqual([false, false, false, false, true, true]);
  });

  it('plays an audio lesson’s recording by the video rule: the free first lesson for all, the rest for the enrolled, its creator and admins (decision 0069)', () => {
    const first = { episode: 1 };
    const second = { episode: 2 };
    expect([null, learner, other, owner, admin].map((a) => canWatchVideo(a, published, first, false))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect([null, learner, other, owner, admin].map((a) => canWatchVideo(a, published, second, false))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(canWatchVideo(learner, published, second, true)).toBe(true);
  });

  it('shows drafts to their creator and admins only', () => {
    for (const a of [null, learner, other, owner, admin]) expect(canViewCourse(a, published)).toBe(true);
    expect([null, learner, other, owner, admin].map((a) => canViewCourse(a, draft))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it('lets creators start courses; creators and admins upload; an upload is its uploader’s (and admins’)', () => {
    expect([null, learner, owner, admin].map(canCreateCourse)).toEqual([false, false, true, false]);
    expect([null, learner, owner, admin].map(canUpload)).toEqual([false, false, true, true]);
    const asset = { ownerId: 'owner' };
    expect([null, learner, other, owner, admin].map((a) => canManageAsset(a, asset))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
  });
});

describe('watching and reviewing', () => {
  it('lets everyone watch the trailer and episode 1 of a published course, nothing of a draft', () => {
    for (const a of [null, learner, other]) {
      expect(canWatchVideo(a, published, { episode: null }, false)).toBe(true);
      expect(canWatchVideo(a, published, { episode: 1 }, false)).toBe(true);
      expect(canWatchVideo(a, published, { episode: 2 }, false)).toBe(false);
      expect(canWatchVideo(a, draft, { episode: 1 }, false)).toBe(false);
    }
  });

  it('opens every episode to enrolled learners, the creator and admins', () => {
    expect(canWatchVideo(learner, published, { episode: 7 }, true)).toBe(true);
    expect(canWatchVideo(learner, draft, { episode: 7 }, true)).toBe(true); // lifetime access
    expect(canWatchVideo(owner, draft, { episode: 7 }, false)).toBe(true);
    expect(canWatchVideo(admin, draft, { episode: 7 }, false)).toBe(true);
    expect(canWatchVideo(null, published, { episode: 7 }, true)).toBe(false);
    expect(hasCourseAccess(other, published, false)).toBe(false);
  });

  it('lets only enrolled customers review, never the creator', () => {
    expect(canReviewCourse(learner, published, true)).toBe(true);
    expect(canReviewCourse(learner, published, false)).toBe(false);
    expect(canReviewCourse(owner, published, true)).toBe(false);
    expect(canReviewCourse(admin, published, true)).toBe(false);
    expect(canReviewCourse(null, published, true)).toBe(false);
  });

  it('lets the course’s own creator reply, and anyone signed in but the author report', () => {
    expect([null, learner, other, owner, admin].map((a) => canReplyToReview(a, published))).toEqual([
      false,
      false,
      false,
      true,
      false,
    ]);
    const review = { userId: 'learner' };
    expect([null, learner, other, owner, admin].map((a) => canReportReview(a, review))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });

  it('gives certificates to learners only', () => {
    expect([null, learner, owner, admin].map(earnsCertificates)).toEqual([false, true, false, false]);
  });
});

describe('money', () => {
  it('lets customers buy, never their own course; a payment is its payer’s alone', () => {
    expect([null, learner, other, owner, admin].map((a) => canBuyCourse(a, published))).toEqual([
      false,
      true,
      false,
      false,
      false,
    ]);
    expect(canBuyCourse({ userId: 'owner', role: 'customer' }, published)).toBe(false);
    const payment = { userId: 'learner' };
    expect([null, learner, other, admin].map((a) => canViewPayment(a, payment))).toEqual([false, true, false, false]);
  });

  it('opens earnings to creators and affiliate customers (admins act through the admin console)', () => {
    expect([null, learner, owner, admin].map(canManageEarnings)).toEqual([false, true, true, false]);
  });
});

describe('affiliates (decision 0067)', () => {
  it('gives referral links to signed-in customers and creators, never visitors or admins', () => {
    expect([null, learner, owner, other, admin].map(canBeAffiliate)).toEqual([false, true, true, true, false]);
  });

  it('pays no commission to the buyer or the course’s creator (no self-referral)', () => {
    const sale = { buyerId: 'learner', creatorId: 'owner' };
    expect(['learner', 'owner', 'other'].map((id) => earnsCommission(id, sale))).toEqual([false, false, true]);
  });
});

describe('gifts', () => {
  const gift = { recipientPhone: '254733444555', buyerId: 'buyer' };
  const proven = { phone: '+254733444555', phoneVerified: true };
  const buyer: Actor = { userId: 'buyer', role: 'customer' };

  it('lets only a customer signed in with the gift’s proven number, not its buyer, claim it', () => {
    expect([null, learner, owner, admin].map((a) => canClaimGift(a, gift, proven))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect(canClaimGift(buyer, gift, proven)).toBe(false);
    expect(canClaimGift(learner, gift, { ...proven, phoneVerified: false })).toBe(false);
    expect(canClaimGift(learner, gift, { phone: '+254799888777', phoneVerified: true })).toBe(false);
    expect(canClaimGift(learner, gift, null)).toBe(false);
  });

  it('lets only its buyer see and resend a gift (an admin refunds it from the purchases page)', () => {
    expect([null, buyer, learner, owner, admin].map((a) => canManageGift(a, gift))).toEqual([
      false,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('signed-in areas', () => {
  it('sends visitors to sign in and other roles to their own dashboard; /learn admits everyone signed in', () => {
    expect(areaAccess(null, 'creator')).toBe('sign-in');
    expect(areaAccess(null, 'learn')).toBe('sign-in');
    expect(areaAccess(owner, 'creator')).toBe('allow');
    expect(areaAccess(owner, 'admin')).toBe('wrong-role');
    expect(areaAccess(learner, 'creator')).toBe('wrong-role');
    for (const a of [learner, owner, admin]) expect(areaAccess(a, 'learn')).toBe('allow');
  });
});

describe('questions and answers', () => {
  // Every role: visitor, learner not enrolled, enrolled learner, other creator, owner creator, admin.
  const roles: [Actor, boolean][] = [
    [null, false],
    [learner, false],
    [learner, true],
    [other, false],
    [owner, false],
    [admin, false],
  ];

  it('lets enrolled learners, the course’s creator and admins take part; visitors, outsiders and other creators not', () => {
    expect(roles.map(([a, enrolled]) => canJoinQuestions(a, published, enrolled))).toEqual([
      false,
      false,
      true,
      false,
      true,
      true,
    ]);
  });

  it('lets those taking part report someone else’s words, never their own', () => {
    const byOther = { userId: 'someone' };
    expect(roles.map(([a, enrolled]) => canReportQuestionItem(a, published, enrolled, byOther))).toEqual([
      false,
      false,
      true,
      false,
      true,
      true,
    ]);
    expect(canReportQuestionItem(learner, published, true, { userId: 'learner' })).toBe(false);
    expect(canReportQuestionItem(owner, published, false, { userId: 'owner' })).toBe(false);
  });

  it('lets only its author edit or delete a question or an answer, while taking part', () => {
    // Each role acting on its own words, then on another learner's.
    expect(
      roles.map(([a, enrolled]) => canChangeQuestionItem(a, published, enrolled, { userId: a?.userId ?? '' })),
    ).toEqual([false, false, true, false, true, true]);
    const byOtherLearner = { userId: 'classmate' };
    expect(roles.map(([a, enrolled]) => canChangeQuestionItem(a, published, enrolled, byOtherLearner))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('shows hidden questions and answers to admins only', () => {
    expect(roles.map(([a]) => canSeeHiddenQuestions(a))).toEqual([false, false, false, false, false, true]);
  });
});

describe('quiz lessons', () => {
  // visitor, learner not enrolled, enrolled learner, other creator, course creator, admin
  const roles: [Actor, boolean][] = [
    [null, false],
    [learner, false],
    [learner, true],
    [other, false],
    [owner, false],
    [admin, false],
  ];

  it('lets anyone signed in take the free first lesson’s quiz; the others only those with the whole course', () => {
    expect(roles.map(([a, enrolled]) => canTakeQuiz(a, published, { episode: 1 }, enrolled))).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(roles.map(([a, enrolled]) => canTakeQuiz(a, published, { episode: 2 }, enrolled))).toEqual([
      false,
      false,
      true,
      false,
      true,
      true,
    ]);
    // A draft has no free lesson.
    expect(roles.map(([a, enrolled]) => canTakeQuiz(a, draft, { episode: 1 }, enrolled))).toEqual([
      false,
      false,
      true,
      false,
      true,
      true,
    ]);
  });

  it('shows which questions learners miss to the course’s creator and admins only', () => {
    expect(roles.map(([a]) => canSeeQuizAnalytics(a, published))).toEqual([false, false, false, false, true, true]);
  });
});

describe('announcements', () => {
  it('are written to a course’s owners by its own creator or an admin, no one else', () => {
    expect([null, learner, other, owner, admin].map((a) => canAnnounce(a, published))).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
    expect(canAnnounce({ userId: 'owner', role: 'customer' }, published)).toBe(false);
  });

  it('are turned off for an enrollment by its owner only (not its creator, not an admin)', () => {
    const mine = { userId: 'learner' };
    expect([null, learner, other, owner, admin].map((a) => canSetAnnouncementsOff(a, mine))).toEqual([
      false,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe('instalments (decision 0068)', () => {
  const share = (paid: number, rank: number) => ({ paid, parts: 3, rank, lessons: 7 });

  it('opens the first ceil(k·L/N) lessons after k of N parts, every lesson once all are paid', () => {
    expect([0, 1, 2, 3].map((paid) => lessonsOpenedByParts({ paid, parts: 3 }, 7))).toEqual([0, 3, 5, 7]);
    expect([1, 2].map((paid) => lessonsOpenedByParts({ paid, parts: 2 }, 1))).toEqual([1, 1]);
    expect(lessonsOpenedByParts({ paid: 1, parts: 4 }, 0)).toBe(0);
  });

  it('lets a learner paying in parts watch, open the files of and take only the lessons paid for, and lesson 1', () => {
    for (const can of [canWatchVideo, canOpenLessonFile, canTakeQuiz]) {
      const open = (rank: number) => can(learner, published, { episode: rank }, true, share(1, rank));
      expect([1, 2, 3, 4, 7].map(open)).toEqual([true, true, true, false, false]);
      expect(can(learner, published, { episode: 7 }, true, share(3, 7))).toBe(true);
      // A draft's first lesson is no free preview, but the first part always opens it.
      expect(can(learner, draft, { episode: 1 }, true, share(1, 1))).toBe(true);
      // Not enrolled: the share alone opens nothing past the free lesson.
      expect(can(learner, published, { episode: 2 }, false, share(1, 2))).toBe(false);
      // Its creator and admins are never held to a share; a visitor and another creator get lesson 1 only.
      expect(can(owner, published, { episode: 7 }, true, share(1, 7))).toBe(true);
      expect(can(admin, published, { episode: 7 }, false, share(1, 7))).toBe(true);
      expect(can(other, published, { episode: 4 }, false, null)).toBe(false);
      expect(can(null, published, { episode: 4 }, false, null)).toBe(false);
    }
    expect(canWatchVideo(null, published, { episode: 1 }, false, null)).toBe(true);
  });

  it('lets only the customer whose plan it is pay its next part', () => {
    const plan = { userId: 'learner' };
    expect(canPayInstalment(learner, plan)).toBe(true);
    for (const a of [null, owner, other, admin, { userId: 'someone', role: 'customer' } as const])
      expect(canPayInstalment(a, plan)).toBe(false);
    // An admin or creator whose id matches is still not the paying customer.
    expect(canPayInstalment({ userId: 'learner', role: 'admin' }, plan)).toBe(false);
  });
});
