import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { forbidden, notFound } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { profileInput } from '#common/studio/profileSchema.ts';
import { canEditCreatorProfile } from '../access/policies.ts';
import { checkAssets } from './checkAssets.ts';

/** Saves the signed-in creator's bio and avatar (an image they uploaded); their public page shows it at once. */
export async function updateCreatorProfile(services: Services, actor: Actor, input: unknown): Promise<void> {
  if (!actor || !canEditCreatorProfile(actor)) throw forbidden('Only creators have a public profile.');
  const data = parseInput(profileInput, input);
  const { db } = services.database;
  await checkAssets(services, actor, {
    creatorId: actor.userId,
    wanted: [{ id: data.avatarId, kind: 'image', field: 'avatarId' }],
  });
  const result = await db
    .updateTable('creatorProfile')
    .set({ bio: data.bio, avatarId: data.avatarId })
    .where('userId', '=', actor.userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('Creator profile not found.');
  services.catalogChanged();
}
