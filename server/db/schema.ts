// Table types for Kysely. Column names are camelCase (as docs/product.md names the fields, and as better-auth
// expects); Kysely quotes identifiers on both dialects. Timestamps are ISO strings on SQLite and Dates on
// PostgreSQL: read them through values.ts.
import type { ColumnType, Generated } from 'kysely';

import type { Bool, Timestamp } from './columnTypes.ts';
import type {
  CouponTable,
  CouponUseTable,
  JournalEntryTable,
  JournalLineTable,
  PaymentTable,
  PayoutAccountTable,
  PayoutTable,
  RefundTable,
  MpesaIncomingTable,
} from './schemaMoney.ts';

export type * from './schemaMoney.ts';

export interface UserTable {
  id: string;
  name: string;
  email: string | null;
  emailVerified: Bool;
  image: string | null;
  role: string;
  phone: string;
  status: string;
  /** 'en' | 'sw': the language of the SMS (and, later, pages) this person gets. */
  locale: Generated<string>;
  /** The phone was proven by a one-time code; such a phone belongs to this account only. */
  phoneVerified: ColumnType<boolean | number, boolean | undefined, boolean>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AccountTable {
  id: string;
  userId: string;
  accountId: string;
  providerId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface OtpChallengeTable {
  id: string;
  phone: string;
  purpose: string;
  codeHash: string;
  attempts: Generated<number>;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  payload: string | null;
  smsId: string | null;
  createdAt: Timestamp;
}

export interface EmailChangeTable {
  id: string;
  userId: string;
  newEmail: string;
  tokenHash: string;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface SmsMessageTable {
  id: string;
  providerMessageId: string | null;
  phone: string;
  purpose: string;
  status: string;
  failureReason: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface SmsDeliveryReportTable {
  providerMessageId: string;
  status: string;
  failureReason: string | null;
  receivedAt: Timestamp;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface CounterTable {
  name: string;
  value: number;
}

export interface ProfileTable {
  uniqueId: string;
  userId: string;
  name: string;
  email: string;
  phone: string;
  createdAt: Timestamp;
}

/** A creator's public profile adds a bio and an avatar image (migration 0018). */
export interface CreatorProfileTable extends ProfileTable {
  bio: ColumnType<string, string | undefined, string>;
  avatarId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The creator asked for a daily SMS of questions waiting for their answer (0048). */
  questionDigestSms: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** When the last digest was sent (null: never). */
  questionDigestAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

export interface RateLimitTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch (bigint: a number on both dialects through values.ts' parsers). */
  windowStart: number;
}

export interface MyListTable {
  userId: string;
  courseId: string;
  createdAt: Timestamp;
}

export interface CourseTable {
  id: string;
  title: string;
  description: string;
  price: number;
  category: string;
  thumbnailId: string | null;
  trailerId: string | null;
  published: Bool;
  featured: Bool;
  creatorId: string;
  creatorName: string;
  enrolledCount: ColumnType<number, number | undefined, number>;
  lessonsCount: ColumnType<number, number | undefined, number>;
  ratingAvg: number | null;
  ratingCount: ColumnType<number, number | undefined, number>;
  duration: ColumnType<number, number | undefined, number>;
  /** JSON array of lines: what the learner will be able to do (course page, "What you will learn"). */
  outcomes: ColumnType<string, string | undefined, string>;
  /** JSON array of lines: what the learner needs before starting. */
  requirements: ColumnType<string, string | undefined, string>;
  /** How many sections come before the lessons without a section (0: first); migration 0054, decision 0069. */
  unsectionedAt: ColumnType<number, number | undefined, number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  publishedAt: Timestamp | null;
  /** When owners were last told of new lessons (null: never; lessons then count from publishedAt). */
  lastLessonNoticeAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  /** Instalments a learner may pay it in (0053, decision 0068): 0 none, else 2–4 (the most parts allowed). */
  instalmentsMax: ColumnType<number, number | undefined, number>;
}

export interface AnnouncementTable {
  id: string;
  courseId: string;
  creatorId: string;
  body: string;
  bySms: Bool;
  /** Owners it was for (not opted out) when sent. */
  recipients: number;
  /** SMS messages it was to send (recipients with a proven phone × parts), 0 without SMS. */
  smsCount: number;
  createdAt: Timestamp;
}

/** One notice (announcement or new-lessons notice) to one person on one channel: written before it is sent. */
export interface NoticeDeliveryTable {
  noticeId: string;
  userId: string;
  channel: string;
  createdAt: Timestamp;
}

export interface EpisodeTable {
  id: string;
  courseId: string;
  title: string;
  description: string;
  /** The lesson's media: a video lesson's video, or an audio lesson's recording (decision 0069). */
  videoId: string | null;
  thumbnailId: string | null;
  duration: ColumnType<number, number | undefined, number>;
  position: number;
  createdAt: Timestamp;
  /** A LESSON_KINDS value ('video' | 'text' | 'quiz' | 'pdf' | 'audio'); migration 0038. */
  kind: ColumnType<string, string | undefined, string>;
  /** A text lesson's Markdown ('' for other kinds). */
  body: ColumnType<string, string | undefined, string>;
  /** The sanitised HTML rendered from `body` on save (renderMarkdown; decision 0054). */
  bodyHtml: ColumnType<string, string | undefined, string>;
  /** A PDF lesson's file, a mediaAsset of kind 'pdf' (null for other kinds); migration 0042. */
  pdfId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The section the lesson is in (null: before the first heading); migration 0051, decision 0064. */
  sectionId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A named heading over consecutive lessons of a course (migration 0051, decision 0064). */
export interface CourseSectionTable {
  id: string;
  courseId: string;
  title: string;
  /** 1..n, the sections' order (the order they were added). */
  position: number;
  createdAt: Timestamp;
}

/** A file attached to a lesson (migration 0042, decision 0060): a mediaAsset of kind 'resource', named. */
export interface LessonResourceTable {
  id: string;
  episodeId: string;
  assetId: string;
  /** What learners see (the creator's words; the uploaded file name by default). */
  name: string;
  /** 1..n in the order added. */
  position: number;
  createdAt: Timestamp;
}

export interface MediaAssetTable {
  id: string;
  ownerId: string;
  kind: string; // image | video | audio (an audio lesson's recording, decision 0069) | pdf | resource
  status: string; // uploaded | processing | ready | failed
  /** JSON: what processing produced (widths, renditions, duration, width, height). */
  meta: string;
  error: string | null;
  /** 0–100 while a video is processed. */
  progress: ColumnType<number, number | undefined, number>;
  /** The processing job of a video, for its status and retry. */
  jobId: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface JobTable {
  id: string;
  type: string;
  /** JSON, validated by the job type's schema. */
  payload: string;
  status: string; // queued | running | done | failed
  attempts: number;
  maxAttempts: number;
  runAt: Timestamp;
  lockedBy: string | null;
  lockedUntil: Timestamp | null;
  lastError: string | null;
  progress: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A periodic task's schedule and last run (server/jobs/periodicRunner.ts). */
export interface PeriodicTaskTable {
  name: string;
  /** '' for a task of the whole deployment or of each process; the host name for a task of one machine. */
  machine: string;
  scope: string; // deployment | machine | process
  /** 0: turned off by the configuration. */
  intervalMs: number;
  nextRunAt: Timestamp;
  lastStartedAt: Timestamp | null;
  lastFinishedAt: Timestamp | null;
  /** The last finished run's error; null when it succeeded. */
  lastError: string | null;
}

export interface AuditLogTable {
  id: string;
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
  /** JSON object with the action's particulars (reason, previous value…). */
  details: string;
  createdAt: Timestamp;
}

/** A search synonym added by an admin (migration 0032); `means` is a JSON array of words or phrases. */
export interface SearchSynonymTable {
  id: string;
  term: string;
  means: string;
  createdBy: string;
  createdAt: Timestamp;
}

export interface ViewEventTable {
  courseId: string;
  episodeId: string | null;
  kind: string; // trailer_view | preview_view | watch
  seconds: ColumnType<number, number | undefined, number>;
  userId: string | null;
  createdAt: Timestamp;
}

/** Dashboard figures kept by triggers (migration 0010); `key` names the figure and its month. */
export interface AdminCounterTable {
  key: string;
  n: ColumnType<number, number | undefined, number>;
}

export interface EnrollmentTable {
  id: string;
  userId: string;
  courseId: string;
  /** Null for free courses. */
  paymentId: string | null;
  createdAt: Timestamp;
  /** The bundle payment that granted it (0050); its `paymentId` is then null (that column is unique). */
  bundlePaymentId: ColumnType<string | null, string | null | undefined, string | null>;
  /** The owner asked for no announcements or new-lesson notices about this course (migration 0049). */
  announcementsOff: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** The instalment plan that bought it (0053): access follows its parts still paid (decision 0068). */
  instalmentPlanId: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One learner's plan to pay one course in parts (0053, decision 0068); each part is a `payment`. */
export interface InstalmentPlanTable {
  id: string;
  userId: string;
  courseId: string;
  /** 2–4. */
  parts: number;
  /** Whole KES: the sum of the parts (the price, less a coupon). */
  total: number;
  /** Part k is due (k − 1) × 30 days after this. */
  createdAt: Timestamp;
  /** A part was refunded: no further part can be paid. */
  stoppedAt: Timestamp | null;
}

/** The one reminder sent for a part of a plan (its key). */
export interface InstalmentReminderTable {
  planId: string;
  part: number;
  createdAt: Timestamp;
}

export interface ProgressTable {
  userId: string;
  episodeId: string;
  courseId: string;
  /** Seconds into the episode. */
  position: number;
  /** Set once 90 % was reached; never unset by a later, earlier position. */
  completed: Bool;
  updatedAt: Timestamp;
}

export interface ReviewTable {
  id: string;
  userId: string;
  courseId: string;
  rating: number;
  comment: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Hidden by an admin: off the course page and out of the course's average. */
  hidden: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** How many users reported it (one report each, in reviewReport); > 0 puts it in the admin queue. */
  reportCount: ColumnType<number, number | undefined, number>;
  /** The course creator's one reply (editable). */
  reply: string | null;
  replyAt: Timestamp | null;
}

export interface ReviewReportTable {
  reviewId: string;
  userId: string;
  createdAt: Timestamp;
}

export interface CertificateTable {
  /** The public verification code (10 base32 characters). */
  code: string;
  userId: string;
  courseId: string;
  learnerName: string;
  courseTitle: string;
  creatorName: string;
  issuedAt: Timestamp;
}

export interface CaptionTable {
  /** New with every upload: the file name in caption URLs. */
  id: string;
  episodeId: string;
  /** A CAPTION_LANGUAGES code ('en', 'sw'). */
  language: string;
  /** The WebVTT text (SRT uploads are converted). */
  vtt: string;
  bytes: number;
  cues: number;
  createdAt: Timestamp;
}

/** SQLite only (0024): who holds an upload's tus lock, until when (ms since the epoch). */
export interface UploadLockTable {
  uploadId: string;
  holder: string;
  host: string;
  pid: number;
  expiresAt: number;
  releaseAsked: Generated<number>;
}

/** A learner's private note at a moment of an episode. */
export interface NoteTable {
  id: string;
  userId: string;
  courseId: string;
  episodeId: string;
  /** Seconds into the episode. */
  position: number;
  body: string;
  createdAt: Timestamp;
}

/** Several courses of one creator sold together at one price (0050, decision 0063). */
export interface BundleTable {
  id: string;
  creatorId: string;
  title: string;
  description: string;
  /** Whole KES, less than the sum of its courses' prices when saved. */
  price: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Deleted by its creator: hidden everywhere, kept for the purchases that name it. */
  deletedAt: Timestamp | null;
}

export interface BundleCourseTable {
  bundleId: string;
  courseId: string;
  position: number;
}

/** A course's affiliate sales (0052, decision 0067): on or off, and the commission percent (5–50). */
export interface CourseAffiliateTable {
  courseId: string;
  enabled: Bool;
  percent: number;
  updatedAt: Timestamp;
}

/** A person's referral code, the same for every course (0052). */
export interface AffiliateTable {
  userId: string;
  code: string;
  createdAt: Timestamp;
}

/** One visit of a course through a referral link. */
export interface AffiliateClickTable {
  id: string;
  affiliateId: string;
  courseId: string;
  createdAt: Timestamp;
}

/** A signed-in person's latest referral to a course (a visitor's is the `darasa_ref` cookie). */
export interface ReferralTable {
  userId: string;
  courseId: string;
  affiliateId: string;
  referredAt: Timestamp;
}

/** Who referred a purchase, and the commission percent when it started: the sale is split by it. */
export interface PaymentReferralTable {
  paymentId: string;
  affiliateId: string;
  courseId: string;
  percent: number;
  createdAt: Timestamp;
}

/** The courses a bundle payment grants, fixed when it starts (0050). */
export interface PaymentCourseTable {
  paymentId: string;
  courseId: string;
}

/** A course bought for someone else's phone (0046, decision 0061): claimed once by that phone's account. */
export interface GiftTable {
  id: string;
  paymentId: string;
  buyerId: string;
  courseId: string;
  /** 2547XXXXXXXX / 2541XXXXXXXX. */
  recipientPhone: string;
  /** 'en' | 'sw': the claim SMS's language. */
  language: string;
  /** sha-256 (hex) of the claim link's token; the token itself is only in the SMS. */
  tokenHash: string;
  claimedBy: string | null;
  claimedAt: Timestamp | null;
  /** An admin asked for its refund: the link stopped working. */
  cancelledAt: Timestamp | null;
  /** The buyer's "Resend SMS" presses that sent one (at most 3). */
  resendCount: Generated<number>;
  lastSmsAt: Timestamp | null;
  createdAt: Timestamp;
}

/** A question under an episode, asked by someone with access to the course (0037). */
export interface QuestionTable {
  id: string;
  courseId: string;
  episodeId: string;
  userId: string;
  body: string;
  /** The moment of the video it is about (whole seconds), if any. */
  atSeconds: number | null;
  /** Hidden by an admin: shown to admins only. */
  hidden: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** How many users reported it (one report each, in questionReport); > 0 puts it in the admin queue. */
  reportCount: ColumnType<number, number | undefined, number>;
  createdAt: Timestamp;
  /** When its author last changed its words, shown as "Edited"; null: never (0039). */
  editedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

export interface AnswerTable {
  id: string;
  questionId: string;
  userId: string;
  body: string;
  /** Written by the course's creator: marked, and listed first. */
  isCreator: ColumnType<boolean | number, boolean, boolean>;
  hidden: ColumnType<boolean | number, boolean | undefined, boolean>;
  reportCount: ColumnType<number, number | undefined, number>;
  createdAt: Timestamp;
  /** When its author last changed its words, shown as "Edited"; null: never (0039). */
  editedAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

/** One upvote per user per question. */
export interface QuestionVoteTable {
  questionId: string;
  userId: string;
  createdAt: Timestamp;
}

/** One report per user per item (a question or an answer, `itemId`) of a question's thread. */
export interface QuestionReportTable {
  itemId: string;
  questionId: string;
  userId: string;
  createdAt: Timestamp;
}

/** A quiz lesson's settings and questions (0040); one per episode of kind 'quiz'. */
export interface QuizTable {
  episodeId: string;
  /** Percent (1–100) of questions right needed to pass. */
  passMark: number;
  /** Attempts allowed (1–10); null: unlimited. */
  maxAttempts: number | null;
  /** JSON: the questions as common/studio/quizSchema.ts keeps them, each with its id. */
  questions: string;
}

/** One learner's scored quiz attempt, keyed by the id the device made (0040). */
export interface QuizAttemptTable {
  id: string;
  userId: string;
  courseId: string;
  episodeId: string;
  /** Percent of questions right, rounded. */
  score: number;
  passed: Bool;
  /** JSON: [{ questionId, correct }]. */
  results: string;
  createdAt: Timestamp;
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  otpChallenge: OtpChallengeTable;
  emailChange: EmailChangeTable;
  smsMessage: SmsMessageTable;
  smsDeliveryReport: SmsDeliveryReportTable;
  counter: CounterTable;
  creatorProfile: CreatorProfileTable;
  customerProfile: ProfileTable;
  rateLimit: RateLimitTable;
  myList: MyListTable;
  course: CourseTable;
  episode: EpisodeTable;
  mediaAsset: MediaAssetTable;
  job: JobTable;
  periodicTask: PeriodicTaskTable;
  auditLog: AuditLogTable;
  searchSynonym: SearchSynonymTable;
  viewEvent: ViewEventTable;
  refund: RefundTable;
  mpesaIncoming: MpesaIncomingTable;
  adminCounter: AdminCounterTable;
  payment: PaymentTable;
  enrollment: EnrollmentTable;
  gift: GiftTable;
  bundle: BundleTable;
  bundleCourse: BundleCourseTable;
  paymentCourse: PaymentCourseTable;
  courseAffiliate: CourseAffiliateTable;
  affiliate: AffiliateTable;
  affiliateClick: AffiliateClickTable;
  referral: ReferralTable;
  paymentReferral: PaymentReferralTable;
  instalmentPlan: InstalmentPlanTable;
  instalmentReminder: InstalmentReminderTable;
  announcement: AnnouncementTable;
  noticeDelivery: NoticeDeliveryTable;
  progress: ProgressTable;
  note: NoteTable;
  quiz: QuizTable;
  quizAttempt: QuizAttemptTable;
  question: QuestionTable;
  answer: AnswerTable;
  questionVote: QuestionVoteTable;
  questionReport: QuestionReportTable;
  review: ReviewTable;
  journalEntry: JournalEntryTable;
  journalLine: JournalLineTable;
  payoutAccount: PayoutAccountTable;
  payout: PayoutTable;
  reviewReport: ReviewReportTable;
  certificate: CertificateTable;
  coupon: CouponTable;
  couponUse: CouponUseTable;
  caption: CaptionTable;
  lessonResource: LessonResourceTable;
  courseSection: CourseSectionTable;
  uploadLock: UploadLockTable;
  kv: { key: string; value: string; generated?: Generated<number> };
}
