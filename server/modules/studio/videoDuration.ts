import type { Kysely, Transaction } from 'kysely';
import type { DB } from '#server/db/schema.ts';

/** Seconds, as measured from the file when the upload finished (0 until it is known). */
export async function videoDuration(db: Kysely<DB> | Transaction<DB>, assetId: string): Promise<number> {
  const a = await db.selectFrom('mediaAsset').select('meta').where('id', '=', assetId).executeTakeFirst();
  const meta = parseMeta(a?.meta);
  return typeof meta.duration === 'number' && Number.isFinite(meta.duration) ? Math.round(meta.duration) : 0;
}

export function parseMeta(raw: string | null | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(raw ?? '{}');
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
