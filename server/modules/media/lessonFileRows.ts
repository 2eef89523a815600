import type { Kysely } from 'kysely';
import type { Services } from '#server/core/services.ts';
import type { DB } from '#server/db/schema.ts';
import { toNum } from '#server/db/values.ts';
import type { LessonFileType, LessonFileView } from '#common/studio/lessonFiles.ts';
import { fileKey } from './mediaKeys.ts';
import { parseMeta } from './parseMeta.ts';

const TYPES: readonly LessonFileType[] = ['pdf', 'png', 'jpeg', 'webp', 'zip'];

/** A stored document's format and size, from the meta its upload wrote (finishUpload.ts). */
export function documentFacts(meta: string): { type: LessonFileType; size: number } {
  const m = parseMeta(meta);
  const type = TYPES.find((t) => t === m.type) ?? 'pdf';
  return { type, size: typeof m.size === 'number' ? m.size : 0 };
}

/** The resources of these lessons, in order, by lesson id (the editor and the learning page list them). */
export async function listLessonResources(
  services: Pick<Services, 'database'>,
  { episodeIds }: { episodeIds: string[] },
): Promise<Map<string, LessonFileView[]>> {
  const out = new Map<string, LessonFileView[]>();
  if (!episodeIds.length) return out;
  const rows = await services.database.db
    .selectFrom('lessonResource')
    .innerJoin('mediaAsset', 'mediaAsset.id', 'lessonResource.assetId')
    .select(['lessonResource.id', 'lessonResource.episodeId', 'lessonResource.name', 'mediaAsset.meta'])
    .where('lessonResource.episodeId', 'in', episodeIds)
    .orderBy('lessonResource.episodeId')
    .orderBy('lessonResource.position')
    .execute();
  for (const r of rows) {
    const list = out.get(r.episodeId) ?? [];
    list.push({ id: r.id, name: r.name, ...documentFacts(r.meta) });
    out.set(r.episodeId, list);
  }
  return out;
}

/** The next position for a lesson's resource (1..n), and how many it has. */
export async function resourceCountInTx(trx: Kysely<DB>, { episodeId }: { episodeId: string }) {
  const row = await trx
    .selectFrom('lessonResource')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('position').as('last')])
    .where('episodeId', '=', episodeId)
    .executeTakeFirstOrThrow();
  return { count: toNum(row.n), next: toNum(row.last ?? 0) + 1 };
}

/**
 * Deletes documents (PDF lesson files, resources) that no lesson uses any more: their stored file and their
 * mediaAsset row. Called after the transaction that let go of them; an id still used elsewhere is kept.
 */
export async function removeUnusedDocuments(services: Services, { assetIds }: { assetIds: string[] }): Promise<void> {
  const ids = [...new Set(assetIds)];
  if (!ids.length) return;
  const { db } = services.database;
  const [asPdf, asResource] = await Promise.all([
    db.selectFrom('episode').select('pdfId as id').where('pdfId', 'in', ids).execute(),
    db.selectFrom('lessonResource').select('assetId as id').where('assetId', 'in', ids).execute(),
  ]);
  const used = new Set([...asPdf, ...asResource].map((r) => r.id));
  const unused = ids.filter((id) => !used.has(id));
  if (!unused.length) return;
  const rows = await db
    .selectFrom('mediaAsset')
    .select(['id', 'meta'])
    .where('id', 'in', unused)
    .where('kind', 'in', ['pdf', 'resource'])
    .execute();
  for (const r of rows) {
    try {
      await services.storage.remove(fileKey(r.id, documentFacts(r.meta).type));
      await db.deleteFrom('mediaAsset').where('id', '=', r.id).execute();
    } catch (err) {
      // The lesson is gone either way; a file the storage could not delete now is logged, not fatal.
      services.log.error({ err, assetId: r.id }, 'could not remove a lesson file');
    }
  }
}
