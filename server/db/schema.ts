// Table types for Kysely. Column names are camelCase (as PRODUCT.md names the fields, and as better-auth
// expects); Kysely quotes identifiers on both dialects. Timestamps are ISO strings on SQLite and Dates on
// PostgreSQL: read them through values.ts.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date | string, Date | string, Date | string>;
type Bool = ColumnType<boolean | number, boolean, boolean>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  role: string;
  phone: string;
  status: string;
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
  createdAt: Timestamp;
  updatedAt: Timestamp;
  publishedAt: Timestamp | null;
}

export interface EpisodeTable {
  id: string;
  courseId: string;
  title: string;
  description: string;
  videoId: string | null;
  thumbnailId: string | null;
  duration: ColumnType<number, number | undefined, number>;
  position: number;
  createdAt: Timestamp;
}

export interface MediaAssetTable {
  id: string;
  ownerId: string;
  kind: string; // image | video
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

export interface RefundTable {
  id: string;
  paymentId: string;
  actorId: string;
  amount: number;
  providerRef: string | null;
  createdAt: Timestamp;
}

export type PaymentStatus = 'created' | 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'refunded';

export interface PaymentTable {
  id: string;
  userId: string;
  courseId: string;
  /** Whole KES. */
  amount: number;
  currency: ColumnType<string, string | undefined, string>;
  /** 2547XXXXXXXX / 2541XXXXXXXX, as Daraja wants it. */
  phone: string;
  provider: ColumnType<string, string | undefined, string>;
  status: PaymentStatus;
  resultCode: number | null;
  resultDesc: string | null;
  merchantRequestId: string | null;
  checkoutRequestId: string | null;
  mpesaReceipt: string | null;
  idempotencyKey: string;
  lateSuccess: ColumnType<boolean | number, boolean | undefined, boolean>;
  /** Raw provider payloads (JSON text), kept for disputes and debugging. */
  rawRequest: string | null;
  rawCallback: string | null;
  rawQuery: string | null;
  /** Last STK query by the reconciler. */
  checkedAt: Timestamp | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  paidAt: Timestamp | null;
  expiresAt: Timestamp;
}

export interface EnrollmentTable {
  id: string;
  userId: string;
  courseId: string;
  /** Null for free courses. */
  paymentId: string | null;
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
}

export interface DB {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  counter: CounterTable;
  creatorProfile: ProfileTable;
  customerProfile: ProfileTable;
  rateLimit: RateLimitTable;
  myList: MyListTable;
  course: CourseTable;
  episode: EpisodeTable;
  mediaAsset: MediaAssetTable;
  job: JobTable;
  auditLog: AuditLogTable;
  viewEvent: ViewEventTable;
  refund: RefundTable;
  adminCounter: AdminCounterTable;
  payment: PaymentTable;
  enrollment: EnrollmentTable;
  progress: ProgressTable;
  review: ReviewTable;
  kv: { key: string; value: string; generated?: Generated<number> };
}
