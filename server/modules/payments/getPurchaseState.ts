import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { displayPhone } from '#common/phone.ts';
import { canBuyCourse, isOnSale } from '../access/policies.ts';

/** What the purchase controls of a course page or a grid need to know about the actor. */
export interface PurchaseState {
  /** Course ids the actor owns (among those asked about). */
  owned: string[];
  /** Course ids the actor may buy (among those asked about): not their own, and on sale. */
  buyable: string[];
  /** Course ids the actor may give (a paid course they may buy, owned or not: decision 0061). */
  giftable: string[];
  /** The actor's phone, for the form ("+254 712 345 678"), or "" when none is known. */
  phone: string;
}

export async function getPurchaseState(
  services: Services,
  actor: Actor,
  { courseIds }: { courseIds: readonly string[] },
): Promise<PurchaseState> {
  if (!actor || courseIds.length === 0) return { owned: [], buyable: [], giftable: [], phone: '' };
  const { db } = services.database;
  const ids = [...new Set(courseIds)];
  const [courses, enrolled, user] = await Promise.all([
    db
      .selectFrom('course')
      .innerJoin('user', 'user.id', 'course.creatorId')
      .select(['course.id', 'course.creatorId', 'course.price', 'user.status as creatorStatus'])
      .where('course.id', 'in', ids)
      .execute(),
    db
      .selectFrom('enrollment')
      .select('courseId')
      .where('userId', '=', actor.userId)
      .where('courseId', 'in', ids)
      .execute(),
    db.selectFrom('user').select('phone').where('id', '=', actor.userId).executeTakeFirst(),
  ]);
  const owned = new Set(enrolled.map((e) => e.courseId));
  return {
    owned: [...owned],
    buyable: courses.filter((c) => !owned.has(c.id) && canBuyCourse(actor, c) && isOnSale(c)).map((c) => c.id),
    giftable: courses.filter((c) => Number(c.price) > 0 && canBuyCourse(actor, c) && isOnSale(c)).map((c) => c.id),
    phone: user?.phone ? displayPhone(user.phone) : '',
  };
}
