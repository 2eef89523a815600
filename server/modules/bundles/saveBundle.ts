import type { Actor } from '#server/core/actor.ts';
import type { Services } from '#server/core/services.ts';
import { forbidden, invalidInput, notFound, unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { toBool, toNum } from '#server/db/values.ts';
import { newId } from '#server/lib/ids.ts';
import { isId } from '#common/ids.ts';
import { BUNDLE_TEXT, saveBundleSchema } from '#common/bundles/bundleSchemas.ts';
import { canCreateBundle, canManageBundle } from '../access/policies.ts';

/**
 * Creates a bundle (no `bundleId`) or replaces one's title, description, courses and price. Every course must
 * be the bundle creator's own, published and paid, and the price lower than the courses together; anything
 * else is refused before a row is written. Only a creator makes bundles; its creator or an admin edits one.
 */
export async function saveBundle(
  services: Services,
  actor: Actor,
  { bundleId, bundle }: { bundleId?: string | undefined; bundle: unknown },
): Promise<{ id: string }> {
  if (!actor) throw unauthenticated();
  const { db } = services.database;
  if (bundleId !== undefined && !isId(bundleId)) throw notFound(BUNDLE_TEXT.notFound);
  const existing = bundleId
    ? await db
        .selectFrom('bundle')
        .select(['id', 'creatorId'])
        .where('id', '=', bundleId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst()
    : null;
  if (bundleId && !existing) throw notFound(BUNDLE_TEXT.notFound);
  if (existing ? !canManageBundle(actor, existing) : !canCreateBundle(actor))
    throw forbidden('Only creators can make bundles of their own courses.');
  const data = parseInput(saveBundleSchema, bundle, BUNDLE_TEXT.invalid);
  const creatorId = existing?.creatorId ?? actor.userId;
  const courses = await db
    .selectFrom('course')
    .select(['id', 'price', 'published'])
    .where('id', 'in', data.courseIds)
    .where('creatorId', '=', creatorId)
    .execute();
  if (courses.length !== data.courseIds.length || courses.some((c) => !toBool(c.published) || toNum(c.price) <= 0))
    throw forbidden(BUNDLE_TEXT.notYours);
  const total = courses.reduce((sum, c) => sum + toNum(c.price), 0);
  if (data.price >= total) throw invalidInput(BUNDLE_TEXT.notLower, { price: BUNDLE_TEXT.notLower });

  const now = services.clock.now();
  const id = existing?.id ?? newId();
  const fields = { title: data.title, description: data.description, price: data.price, updatedAt: now };
  await db.transaction().execute(async (trx) => {
    if (existing) {
      await trx.updateTable('bundle').set(fields).where('id', '=', id).execute();
      await trx.deleteFrom('bundleCourse').where('bundleId', '=', id).execute();
    } else {
      await trx
        .insertInto('bundle')
        .values({ id, creatorId, ...fields, createdAt: now, deletedAt: null })
        .execute();
    }
    await trx
      .insertInto('bundleCourse')
      .values(data.courseIds.map((courseId, position) => ({ bundleId: id, courseId, position })))
      .execute();
  });
  // Course and creator pages show their bundles.
  services.catalogChanged();
  return { id };
}
