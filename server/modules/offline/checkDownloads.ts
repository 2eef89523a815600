import { z } from 'zod';
import type { Actor } from '#server/core/actor.ts';
import { forbidden } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { ID_PATTERN } from '#common/ids.ts';
import type { DownloadCheckResult } from '#common/offline/downloadManifest.ts';
import type { Role } from '#common/roles.ts';
import { findEpisodeForActor } from '../learning/findEpisodeForActor.ts';
import { grantIsValid } from './offlineGrant.ts';

const id = z.string().regex(ID_PATTERN, 'Unknown id');
const checkSchema = z.object({
  userId: id,
  grant: z.string().max(64),
  episodeIds: z.array(id).max(500),
});

/**
 * Which of the episodes a device holds for a learner it may keep: those the learner may still watch
 * (the playback rule). Asked each time the device is online, with the grant the downloads came with rather
 * than a session, so a suspended learner (whose sessions are gone) or a refunded one gets an answer that
 * removes the copies. A suspended or deleted account keeps nothing.
 */
export async function checkDownloads(services: Services, actor: Actor, input: unknown): Promise<DownloadCheckResult> {
  const { userId, grant, episodeIds } = parseInput(checkSchema, input, 'Invalid download check.');
  if (!grantIsValid(services.mediaTokens, userId, grant)) throw forbidden('This device’s downloads are not valid.');
  const { db } = services.database;
  const user = await db.selectFrom('user').select(['role', 'status']).where('id', '=', userId).executeTakeFirst();
  if (user?.status !== 'active') return { entitled: [] };
  // The grant names the learner, not the session (which may have ended): the answer is theirs.
  const learner: Actor = { userId, role: user.role as Role };
  const entitled: string[] = [];
  for (const episodeId of new Set(episodeIds)) {
    const found = await findEpisodeForActor(services, learner, { episodeId });
    if (found?.canWatch) entitled.push(episodeId);
  }
  return { entitled };
}
