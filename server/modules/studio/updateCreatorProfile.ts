import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { forbidden, invalidInput, notFound } from '#server/core/errors.ts';
import { toBool } from '#server/db/values.ts';
import { parseInput } from '#server/core/parseInput.ts';
import { profileInput } from '#common/studio/profileSchema.ts';
import { canEditCreatorProfile } from '../access/policies.ts';
import { checkAssets } from './checkAssets.ts';

/**
 * Saves the signed-in creator's bio and avatar (an image they uploaded; their public page shows it at once)
 * and whether they want the daily SMS of waiting questions, which needs a phone proven by a code.
 */
export async function updateCreatorProfile(services: Services, actor: Actor, input: unknown): Promise<void> {
  if (!actor || !canEditCreatorProfile(actor)) throw forbidden('Only creators have a public profile.');
  const data = parseInput(profileInput, input);
  const { db } = services.database;
  await checkAssets(services, actor, {
    creatorId: actor.userId,
    wanted: [{ id: data.avatarId, kind: 'image', field: 'avatarId' }],
  });
  if (data.questionDigestSms) {
    const user = await db.selectFrom('user').select('phoneVerified').where('id', '=', actor.userId).executeTakeFirst();
    if (!toBool(user?.phoneVerified))
      throw invalidInput('Confirm your phone number on your account page first, so the texts reach you.');
  }
  const result = await db
    .updateTable('creatorProfile')
    .set({ bio: data.bio, avatarId: data.avatarId, questionDigestSms: data.questionDigestSms })
    .where('userId', '=', actor.userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('Creator profile not found.');
  services.catalogChanged();
}
