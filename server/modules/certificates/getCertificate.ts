import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { toIso } from '#server/db/values.ts';
import { CODE_LENGTH } from './issueCertificate.ts';

export interface CertificateView {
  code: string;
  courseId: string;
  learnerName: string;
  courseTitle: string;
  creatorName: string;
  issuedAt: string;
  /** "23 November 2026", the day it was issued in Nairobi. */
  date: string;
}

const nairobiDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

const CODE_SHAPE = new RegExp(`^[0-9A-Z]{${CODE_LENGTH}}$`);

/** A certificate by its public code (case-insensitive, as people type it), or null. */
export async function getCertificate(db: Kysely<DB>, rawCode: string): Promise<CertificateView | null> {
  const code = rawCode.toUpperCase();
  if (!CODE_SHAPE.test(code)) return null;
  const c = await db.selectFrom('certificate').selectAll().where('code', '=', code).executeTakeFirst();
  if (!c) return null;
  const issuedAt = toIso(c.issuedAt);
  return {
    code: c.code,
    courseId: c.courseId,
    learnerName: c.learnerName,
    courseTitle: c.courseTitle,
    creatorName: c.creatorName,
    issuedAt,
    date: nairobiDate.format(new Date(issuedAt)),
  };
}

/** The code of a learner's certificate for a course, if issued. */
export async function certificateCodeFor(db: Kysely<DB>, userId: string, courseId: string): Promise<string | null> {
  const row = await db
    .selectFrom('certificate')
    .select('code')
    .where('userId', '=', userId)
    .where('courseId', '=', courseId)
    .executeTakeFirst();
  return row?.code ?? null;
}
