// The one place where "who may do what" is decided. Every route, loader and module asks here; none
// re-implements a rule. Each policy is a pure function of the actor and the thing acted on, so the whole
// matrix is unit-testable. Add new rules here, next to their siblings.

import type { Actor } from '#server/core/actor.ts';
import type { Role } from '#common/roles.ts';

export type { Role };

export const isAdmin = (a: Actor): boolean => a?.role === 'admin';

/** A creator acting on their own course, or an admin. */
export function canManageCourse(a: Actor, course: { creatorId: string }): boolean {
  return !!a && (a.role === 'admin' || (a.role === 'creator' && a.userId === course.creatorId));
}

/** A course's coupons (make, list, deactivate): its own creator, or an admin. */
export const canManageCoupons = (a: Actor, course: { creatorId: string }): boolean => canManageCourse(a, course);

/** Only creators start courses; admins act on existing ones. */
export const canCreateCourse = (a: Actor): boolean => a?.role === 'creator';

/** A creator's public profile (bio, avatar) is edited by that creator. */
export const canEditCreatorProfile = (a: Actor): boolean => a?.role === 'creator';

/** Uploading media (thumbnails, trailers, episode videos) is for creators and admins. */
export const canUpload = (a: Actor): boolean => a?.role === 'creator' || a?.role === 'admin';

/** An uploaded file (or an upload in progress) belongs to its uploader; admins may act on any. */
export function canManageAsset(a: Actor, asset: { ownerId: string }): boolean {
  return !!a && (a.role === 'admin' || a.userId === asset.ownerId);
}

/** Drafts are visible to their creator and admins only; published courses to everyone. */
export function canViewCourse(a: Actor, course: { creatorId: string; published: boolean }): boolean {
  return course.published || canManageCourse(a, course);
}

/** A course's trailer and its episode 1 are free previews once the course is published. */
export const isFreePreview = (course: { published: boolean }, video: { episode: number | null }): boolean =>
  course.published && (video.episode === null || video.episode === 1);

/**
 * A lesson of a course bought in instalments (decision 0068): `paid` of its `parts` parts paid, and the
 * lesson's place in course order (`rank`, 1-based) among the course's `lessons`.
 */
export interface PaidShare {
  paid: number;
  parts: number;
  rank: number;
  lessons: number;
}

/** After k of N parts, the first ceil(k·L/N) of the course's L lessons are open (every lesson once all are paid). */
export const lessonsOpenedByParts = (share: { paid: number; parts: number }, lessons: number): number =>
  Math.min(lessons, Math.ceil((share.paid * lessons) / share.parts));

/** Whether a lesson is in what its learner has paid for: always, unless the course is paid in parts. */
export const isInPaidShare = (share: PaidShare | null): boolean =>
  share === null || share.rank <= lessonsOpenedByParts(share, share.lessons);

/**
 * Watching a course video (`episode` null for the trailer): free previews for everyone; every other
 * episode for learners enrolled in the course (lifetime access, even if it is later unpublished), its
 * creator and admins. A learner paying in instalments has the lessons their paid parts open (`share`).
 */
export function canWatchVideo(
  a: Actor,
  course: { creatorId: string; published: boolean },
  video: { episode: number | null },
  enrolled: boolean,
  share: PaidShare | null = null,
): boolean {
  return isFreePreview(course, video) || canManageCourse(a, course) || (!!a && enrolled && isInPaidShare(share));
}

/**
 * A lesson's files (a PDF lesson's PDF, its resources: decision 0060): exactly who may take the lesson, so
 * the free first lesson's files are free too, and anyone else gets a 404 for the file as for the page.
 */
export const canOpenLessonFile = (
  a: Actor,
  course: { creatorId: string; published: boolean },
  lesson: { episode: number },
  enrolled: boolean,
  share: PaidShare | null = null,
): boolean => canWatchVideo(a, course, lesson, enrolled, share);

/** The whole course (every episode, the learning page): enrolled learners, its creator and admins. */
export const hasCourseAccess = (a: Actor, course: { creatorId: string }, enrolled: boolean): boolean =>
  canManageCourse(a, course) || (!!a && enrolled);

/** Rating a course: learners enrolled in it (one review each, editable); never its own creator. */
export const canReviewCourse = (a: Actor, course: { creatorId: string }, enrolled: boolean): boolean =>
  a?.role === 'customer' && enrolled && a.userId !== course.creatorId;

/** Replying to a review (once, editable): the course's own creator only, not an admin on their behalf. */
export const canReplyToReview = (a: Actor, course: { creatorId: string }): boolean =>
  a?.role === 'creator' && a.userId === course.creatorId;

/** Reporting a review to the admins: any signed-in user but its author, once each. */
export const canReportReview = (a: Actor, review: { userId: string }): boolean => !!a && a.userId !== review.userId;

/** Certificates of completion are for learners; a creator checking their own course earns none. */
export const earnsCertificates = (a: Actor): boolean => a?.role === 'customer';

/** Buying: only customers buy courses, and never a course of their own. */
export const canBuyCourse = (a: Actor, course: { creatorId: string }): boolean =>
  a?.role === 'customer' && a.userId !== course.creatorId;

/** Being an affiliate (decision 0067): any signed-in customer or creator gets referral links; admins earn nothing. */
export const canBeAffiliate = (a: Actor): boolean => a?.role === 'customer' || a?.role === 'creator';

/** A commission is never for the buyer nor for the course's own creator (no self-referral). */
export const earnsCommission = (affiliateId: string, sale: { buyerId: string; creatorId: string }): boolean =>
  affiliateId !== sale.buyerId && affiliateId !== sale.creatorId;

/** Making a bundle (decision 0063): creators, of their own courses only (checked by saveBundle). */
export const canCreateBundle = (a: Actor): boolean => a?.role === 'creator';

/** Editing or deleting a bundle: its own creator, or an admin. */
export const canManageBundle = (a: Actor, bundle: { creatorId: string }): boolean => canManageCourse(a, bundle);

/** Buying a bundle: as buying a course, a customer who is not its creator. */
export const canBuyBundle = (a: Actor, bundle: { creatorId: string }): boolean => canBuyCourse(a, bundle);

/** Selling: a suspended creator's courses are not for sale, and sell again once the creator is restored. */
export const isOnSale = (course: { creatorStatus: string }): boolean => course.creatorStatus !== 'suspended';

/** Paying the next part of an instalment plan (decision 0068): the customer whose plan it is, only. */
export const canPayInstalment = (a: Actor, plan: { userId: string }): boolean =>
  a?.role === 'customer' && a.userId === plan.userId;

/** A payment's status and details are the payer's alone. */
export const canViewPayment = (a: Actor, payment: { userId: string }): boolean => !!a && a.userId === payment.userId;

/** A purchase's receipt (page and PDF): its buyer, and admins answering a learner or an auditor. */
export const canSeeReceipt = (a: Actor, payment: { userId: string }): boolean =>
  canViewPayment(a, payment) || isAdmin(a);

/**
 * Claiming a gift: a customer signed in with the phone number it was sent to, proven by a code (a number only
 * typed at sign-up could be anyone's), and never the person who bought it.
 */
export const canClaimGift = (
  a: Actor,
  gift: { recipientPhone: string; buyerId: string },
  account: { phone: string; phoneVerified: boolean } | null,
): boolean =>
  a?.role === 'customer' &&
  a.userId !== gift.buyerId &&
  !!account?.phoneVerified &&
  account.phone === `+${gift.recipientPhone}`;

/** A gift's state, its "Resend SMS": its buyer's alone (an admin refunds it from the purchases page). */
export const canManageGift = (a: Actor, gift: { buyerId: string }): boolean => !!a && a.userId === gift.buyerId;

/** Which dashboard a role lands on; also where a user of the wrong role is sent. */
export function homePathFor(role: Role): string {
  return `/${role}`;
}

/** The signed-in areas: each role's dashboard, and the player pages of `/learn/*`. */
export type Area = Role | 'learn';

/**
 * Who may open a signed-in area (docs/product.md "Everywhere"): visitors are sent to sign in, users of another
 * role to their own dashboard. `/learn/*` admits every signed-in user; whether they may watch a given
 * course is the playback rules' decision.
 */
export function areaAccess(a: Actor, area: Area): 'allow' | 'sign-in' | 'wrong-role' {
  if (!a) return 'sign-in';
  if (area === 'learn' || a.role === area) return 'allow';
  return 'wrong-role';
}

/**
 * Earnings, payout number and withdrawals: one's own only; creators for their sales and customers for their
 * commissions as affiliates (decision 0067). Admins act through the admin console.
 */
export const canManageEarnings = (a: Actor): boolean => a?.role === 'creator' || a?.role === 'customer';

/**
 * A lesson's questions and answers (asking, answering, voting, reporting, reading them): whoever has the whole
 * course, i.e. its enrolled learners, its creator and admins. Visitors see only how many there are.
 */
export const canJoinQuestions = (a: Actor, course: { creatorId: string }, enrolled: boolean): boolean =>
  hasCourseAccess(a, course, enrolled);

/** Hidden questions and answers are shown to admins only (to review and restore them). */
export const canSeeHiddenQuestions = (a: Actor): boolean => isAdmin(a);

/** Reporting a question or an answer: someone in the discussion, never about their own words. */
export const canReportQuestionItem = (
  a: Actor,
  course: { creatorId: string },
  enrolled: boolean,
  item: { userId: string },
): boolean => canJoinQuestions(a, course, enrolled) && !!a && a.userId !== item.userId;

/**
 * Editing or deleting a question or an answer: its author only, while in the discussion (whatever their
 * role; the creator and admins moderate others' words by hiding them, never by rewriting or deleting them).
 */
export const canChangeQuestionItem = (
  a: Actor,
  course: { creatorId: string },
  enrolled: boolean,
  item: { userId: string },
): boolean => canJoinQuestions(a, course, enrolled) && !!a && a.userId === item.userId;

/**
 * Taking a quiz lesson (submitting an attempt): a signed-in person who may open that lesson — the free first
 * lesson for anyone signed in, every lesson for enrolled learners, the course's creator and admins.
 */
export const canTakeQuiz = (
  a: Actor,
  course: { creatorId: string; published: boolean },
  lesson: { episode: number },
  enrolled: boolean,
  share: PaidShare | null = null,
): boolean => !!a && canWatchVideo(a, course, lesson, enrolled, share);

/** Which quiz questions learners miss: the course's own creator, or an admin. */
export const canSeeQuizAnalytics = (a: Actor, course: { creatorId: string }): boolean => canManageCourse(a, course);

/** Writing to a course's owners (announcements): its own creator, or an admin. */
export const canAnnounce = (a: Actor, course: { creatorId: string }): boolean => canManageCourse(a, course);

/** Turning off a course's announcements and notices: the owner of that enrollment only (no one on their behalf). */
export const canSetAnnouncementsOff = (a: Actor, enrollment: { userId: string }): boolean =>
  !!a && a.userId === enrollment.userId;
