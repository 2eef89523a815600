import type { Services } from '#server/core/services.ts';
import type { Actor } from '#server/core/actor.ts';
import { forbidden } from '#server/core/errors.ts';
import { toBool } from '#server/db/values.ts';
import { creatorPath } from '#common/catalog/categories.ts';
import { canEditCreatorProfile } from '../access/policies.ts';
import { loadAssetViews, type AssetView } from './assetView.ts';

export interface EditorProfile {
  bio: string;
  avatar: AssetView | null;
  /** Where the public page is (it shows once a course is published). */
  publicPath: string;
  /** The daily SMS of waiting questions is on. */
  questionDigestSms: boolean;
  /** The proven phone the digest goes to (null: none yet, so it cannot be turned on). */
  digestPhone: string | null;
}

function requireCreator(actor: Actor): { userId: string } {
  if (!actor || !canEditCreatorProfile(actor)) throw forbidden('Only creators have a public profile.');
  return actor;
}

/** The studio's profile form: the signed-in creator's bio, avatar and question digest. */
export async function getCreatorProfile(services: Services, actor: Actor): Promise<EditorProfile> {
  const { userId } = requireCreator(actor);
  const { db } = services.database;
  const row = await db
    .selectFrom('creatorProfile')
    .innerJoin('user', 'user.id', 'creatorProfile.userId')
    .select(['bio', 'avatarId', 'questionDigestSms', 'user.phone', 'user.phoneVerified'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  const views = await loadAssetViews(services, { ids: [row?.avatarId ?? null] });
  return {
    bio: row?.bio ?? '',
    avatar: row?.avatarId ? (views.get(row.avatarId) ?? null) : null,
    publicPath: creatorPath(userId),
    questionDigestSms: toBool(row?.questionDigestSms),
    digestPhone: row?.phone && toBool(row.phoneVerified) ? row.phone : null,
  };
}
