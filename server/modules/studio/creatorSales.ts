import type { Services } from '#server/core/services.ts';
import { toNum } from '#server/db/values.ts';

/**
 * Students (distinct learners enrolled in any of the creator's courses), each course's learners (its
 * enrollments, at most one a learner), both read from the enrollments themselves so the dashboard's total
 * and its rows count the same people; and revenue (KES of completed purchases of them: paid payments, not
 * enrolledCount × price).
 */
export async function creatorSales(
  services: Services,
  { creatorId }: { creatorId: string },
): Promise<{ students: number; studentsByCourse: Map<string, number>; revenue: number }> {
  const { db } = services.database;
  const [students, byCourse, revenue] = await Promise.all([
    db
      .selectFrom('enrollment')
      .innerJoin('course', 'course.id', 'enrollment.courseId')
      .select((eb) => eb.fn.count('enrollment.userId').distinct().as('n'))
      .where('course.creatorId', '=', creatorId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('enrollment')
      .innerJoin('course', 'course.id', 'enrollment.courseId')
      .select((eb) => ['enrollment.courseId', eb.fn.count('enrollment.userId').as('n')])
      .where('course.creatorId', '=', creatorId)
      .groupBy('enrollment.courseId')
      .execute(),
    db
      .selectFrom('payment')
      .innerJoin('course', 'course.id', 'payment.courseId')
      .select((eb) => eb.fn.coalesce(eb.fn.sum('payment.amount'), eb.lit(0)).as('total'))
      .where('course.creatorId', '=', creatorId)
      .where('payment.status', '=', 'paid')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    students: toNum(students.n),
    studentsByCourse: new Map(byCourse.map((r) => [r.courseId, toNum(r.n)])),
    revenue: toNum(revenue.total),
  };
}
