import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { processVideoJob } from './processVideoJob.ts';

/**
 * Whether an upload's processing is due or running: background video work (the AV1 backfill) waits
 * for it, so new uploads never queue behind old videos.
 */
export async function uploadsWaitingInTx(trx: Kysely<DB>, { now }: { now: Date }): Promise<boolean> {
  const found = await trx
    .selectFrom('job')
    .select('id')
    .where('type', '=', processVideoJob.type)
    .where((eb) => eb.or([eb('status', '=', 'running'), eb.and([eb('status', '=', 'queued'), eb('runAt', '<=', now)])]))
    .limit(1)
    .executeTakeFirst();
  return !!found;
}
