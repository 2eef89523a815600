import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { bundlePrice, type BundleQuote } from './bundlePrice.ts';
import { type LoadedBundle, saleCourses } from './loadBundleInTx.ts';

export interface BundleOffer {
  /** The courses a buyer gets, each with whether this learner owns it already; null: not for sale. */
  courses: (LoadedBundle['courses'][number] & { owned: boolean })[] | null;
  quote: BundleQuote | null;
}

/** What the bundle costs this learner (nobody signed in: owns nothing) and which of its courses they own. */
export async function quoteBundleInTx(
  trx: Kysely<DB>,
  { bundle, userId }: { bundle: LoadedBundle; userId: string | null },
): Promise<BundleOffer> {
  const live = saleCourses(bundle);
  if (!live) return { courses: null, quote: null };
  const owned = userId
    ? new Set(
        (
          await trx
            .selectFrom('enrollment')
            .select('courseId')
            .where('userId', '=', userId)
            .where(
              'courseId',
              'in',
              live.map((c) => c.id),
            )
            .execute()
        ).map((e) => e.courseId),
      )
    : new Set<string>();
  const courses = live.map((c) => ({ ...c, owned: owned.has(c.id) }));
  return { courses, quote: bundlePrice(bundle.price, courses) };
}
