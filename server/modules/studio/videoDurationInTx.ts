import type { Kysely } from 'kysely';
import type { DB } from '#server/db/schema.ts';
import { parseMeta } from '../media/parseMeta.ts';

/** Seconds, as measured from the file when the upload finished (0 until it is known, and for no video). */
export async function videoDurationInTx(trx: Kysely<DB>, { assetId }: { assetId: string | null }): Promise<number> {
  if (!assetId) return 0;
  const a = await trx.selectFrom('mediaAsset').select('meta').where('id', '=', assetId).executeTakeFirst();
  const meta = parseMeta(a?.meta);
  return typeof meta.duration === 'number' && Number.isFinite(meta.duration) ? Math.round(meta.duration) : 0;
}
