import { z } from 'zod';
import { registrationSchema } from '#common/accounts/registrationSchema.ts';
import type { Actor } from '#server/core/actor.ts';
import { unauthenticated } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';

const schema = z.object({ name: registrationSchema.shape.name });

/** The signed-in person's name, with the same rules as at sign-up; their profile keeps the same name. */
export async function changeMyName(services: Services, actor: Actor, input: unknown): Promise<{ name: string }> {
  if (!actor) throw unauthenticated();
  const { name } = parseInput(schema, input);
  const now = services.clock.now();
  await services.database.db.transaction().execute(async (trx) => {
    await trx.updateTable('user').set({ name, updatedAt: now }).where('id', '=', actor.userId).execute();
    await trx.updateTable('customerProfile').set({ name }).where('userId', '=', actor.userId).execute();
    await trx.updateTable('creatorProfile').set({ name }).where('userId', '=', actor.userId).execute();
  });
  // A creator's name is on their public course pages, which are cached.
  if (actor.role === 'creator') services.catalogChanged();
  return { name };
}
