import { formatDate } from '#common/i18n/formatting.ts';
import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { toIso } from '#server/db/values.ts';
import { CODE_LENGTH } from './issueCertificateIfComplete.ts';

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

const CODE_SHAPE = new RegExp(`^[0-9A-Z]{${CODE_LENGTH}}$`);

/** A certificate by its public code (case-insensitive, as people type it), or null; anyone may verify one. */
export async function getCertificate(
  services: Services,
  actor: Actor,
  input: { code: string },
): Promise<CertificateView | null> {
  const code = input.code.toUpperCase();
  if (!CODE_SHAPE.test(code)) return null;
  const c = await services.database.db
    .selectFrom('certificate')
    .selectAll()
    .where('code', '=', code)
    .executeTakeFirst();
  if (!c) return null;
  const issuedAt = toIso(c.issuedAt);
  return {
    code: c.code,
    courseId: c.courseId,
    learnerName: c.learnerName,
    courseTitle: c.courseTitle,
    creatorName: c.creatorName,
    issuedAt,
    date: formatDate(issuedAt, 'en'),
  };
}
