import type { Services } from '#server/core/services.ts';
import { lessonPdfUrl, lessonResourceUrl } from '#common/learning/lessonFileUrls.ts';
import type { LessonDownloadFile } from '#common/offline/downloadManifest.ts';
import { documentFacts, listLessonResources } from '../media/lessonFileRows.ts';

/**
 * A lesson's own files as a download keeps them (decision 0064): a PDF lesson's PDF (once ready) and every
 * resource, with their sizes, names and where the device fetches them (the same addresses the learning page
 * links to, so the service worker answers those from the stored copy).
 */
export async function lessonDownloadFiles(
  services: Pick<Services, 'database'>,
  { episodeId }: { episodeId: string },
): Promise<LessonDownloadFile[]> {
  const [pdf, resources] = await Promise.all([
    services.database.db
      .selectFrom('episode')
      .innerJoin('mediaAsset', 'mediaAsset.id', 'episode.pdfId')
      .select(['episode.title', 'mediaAsset.meta'])
      .where('episode.id', '=', episodeId)
      .where('episode.kind', '=', 'pdf')
      .where('mediaAsset.status', '=', 'ready')
      .executeTakeFirst(),
    listLessonResources(services, { episodeIds: [episodeId] }),
  ]);
  return [
    ...(pdf ? [{ path: 'files/pdf', url: lessonPdfUrl(episodeId), name: pdf.title, ...sizeAndType(pdf.meta) }] : []),
    ...(resources.get(episodeId) ?? []).map((r) => ({
      path: `files/resources/${r.id}`,
      url: lessonResourceUrl(episodeId, r.id),
      name: r.name,
      type: r.type,
      bytes: r.size,
    })),
  ];
}

function sizeAndType(meta: string) {
  const { type, size } = documentFacts(meta);
  return { type, bytes: size };
}
