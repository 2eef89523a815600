import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';

/**
 * Students (distinct learners enrolled in any of the creator's courses) and revenue (KES of completed
 * purchases of them: paid payments, not enrolledCount × price).
 */
export async function creatorSales(
  services: Services,
  { creatorId }: { creatorId: string },
): Promise<{ students: number; revenue: number }> {
  const { db } = services.database;
  const [students, revenue] = await Promise.all([
    db
      .selectFrom('enrollment')
      .innerJoin('course', 'course.id', 'enrollment.courseId')
      .select((eb) => eb.fn.count('enrollment.userId').distinct().as('n'))
      .where('course.creatorId', '=', creatorId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('payment')
      .innerJoin('course', 'course.id', 'payment.courseId')
      .select((eb) => eb.fn.coalesce(eb.fn.sum('payment.amount'), eb.lit(0)).as('total'))
      .where('course.creatorId', '=', creatorId)
      .where('payment.status', '=', 'paid')
      .executeTakeFirstOrThrow(),
  ]);
  return { students: toNum(students.n), revenue: toNum(revenue.total) };
}
