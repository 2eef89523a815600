import { z } from 'zod';
import type { Actor } from '#server/core/actor.ts';
import { notFound } from '#server/core/errors.ts';
import { parseInput } from '#server/core/parseInput.ts';
import type { Services } from '#server/core/services.ts';
import { isId } from '#common/ids.ts';
import { LESSON_FILE_MESSAGES, type LessonFileType } from '#common/studio/lessonFiles.ts';
import { canOpenLessonFile } from '../access/policies.ts';
import { fileKey } from '../media/mediaKeys.ts';
import { documentFacts } from '../media/lessonFileRows.ts';
import { findEpisodeForActor } from './findEpisodeForActor.ts';

const fileRef = z.object({ episodeId: z.string(), resourceId: z.string().optional() });

export interface LessonFile {
  /** Its key in the media storage. */
  key: string;
  /** The name to save it under (with its format's extension). */
  fileName: string;
  type: LessonFileType;
  /** The lesson is a PDF lesson and this is its PDF (opening it completes the lesson). */
  lessonPdf: boolean;
}

const EXT: Record<LessonFileType, string> = { pdf: 'pdf', png: 'png', jpeg: 'jpg', webp: 'webp', zip: 'zip' };

/**
 * A lesson's PDF (`input`: the episode's id) or one of its resources (`resourceId` too), for someone who may
 * take the lesson (canOpenLessonFile); a 404 for anyone else, as for a file that does not exist.
 */
export async function getLessonFile(services: Services, actor: Actor, input: unknown): Promise<LessonFile> {
  const { episodeId, resourceId } = parseInput(fileRef, input);
  const missing = () => notFound(LESSON_FILE_MESSAGES.fileNotFound);
  if (!isId(episodeId) || (resourceId !== undefined && !isId(resourceId))) throw missing();
  const found = await findEpisodeForActor(services, actor, { episodeId });
  if (
    !found ||
    !canOpenLessonFile(actor, found.course, { episode: found.episode.position }, found.enrolled, found.share)
  )
    throw missing();
  const { db } = services.database;
  const row = resourceId
    ? await db
        .selectFrom('lessonResource')
        .innerJoin('mediaAsset', 'mediaAsset.id', 'lessonResource.assetId')
        .select(['mediaAsset.id', 'mediaAsset.meta', 'lessonResource.name'])
        .where('lessonResource.id', '=', resourceId)
        .where('lessonResource.episodeId', '=', episodeId)
        .executeTakeFirst()
    : await db
        .selectFrom('episode')
        .innerJoin('mediaAsset', 'mediaAsset.id', 'episode.pdfId')
        .select(['mediaAsset.id', 'mediaAsset.meta', 'episode.title as name'])
        .where('episode.id', '=', episodeId)
        .where('episode.kind', '=', 'pdf')
        .where('mediaAsset.status', '=', 'ready')
        .executeTakeFirst();
  if (!row) throw missing();
  const { type } = documentFacts(row.meta);
  const ext = EXT[type];
  const base = row.name.trim() || 'file';
  return {
    key: fileKey(row.id, type),
    fileName: base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`,
    type,
    lessonPdf: !resourceId,
  };
}
