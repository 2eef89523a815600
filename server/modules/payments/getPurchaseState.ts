import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { displayPhone } from '../../daraja/phone.ts';
import { canBuyCourse, type Actor } from '../access/policies.ts';

/** What the purchase controls of a course page or a grid need to know about the viewer. */
export interface PurchaseState {
  /** Course ids the viewer owns (among those asked about). */
  owned: string[];
  /** Course ids the viewer may buy (among those asked about). */
  buyable: string[];
  /** The viewer's phone, for the form ("+254 712 345 678"), or "" when none is known. */
  phone: string;
}

export async function getPurchaseState(db: Kysely<DB>, viewer: Actor, courseIds: readonly string[]): Promise<PurchaseState> {
  if (!viewer || courseIds.length === 0) return { owned: [], buyable: [], phone: '' };
  const ids = [...new Set(courseIds)];
  const [courses, enrolled, user] = await Promise.all([
    db.selectFrom('course').select(['id', 'creatorId']).where('id', 'in', ids).execute(),
    db.selectFrom('enrollment').select('courseId').where('userId', '=', viewer.userId).where('courseId', 'in', ids).execute(),
    db.selectFrom('user').select('phone').where('id', '=', viewer.userId).executeTakeFirst(),
  ]);
  const owned = new Set(enrolled.map((e) => e.courseId));
  return {
    owned: [...owned],
    buyable: courses.filter((c) => !owned.has(c.id) && canBuyCourse(viewer, c)).map((c) => c.id),
    phone: user?.phone ? displayPhone(user.phone) : '',
  };
}
