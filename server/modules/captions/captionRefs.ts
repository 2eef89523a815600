import type { Services } from '#server/core/services.ts';
import { toIso, toNum } from '#server/db/values.ts';
import { CAPTION_LANGUAGE_CODES, type CaptionLanguage } from '#common/captions/captions.ts';

export interface CaptionRef {
  id: string;
  episodeId: string;
  language: CaptionLanguage;
  bytes: number;
  cues: number;
  createdAt: string;
}

/** The captions of these episodes (without their text), in CAPTION_LANGUAGES order. */
export async function captionRefs(services: Services, { episodeIds }: { episodeIds: string[] }): Promise<CaptionRef[]> {
  if (!episodeIds.length) return [];
  const rows = await services.database.db
    .selectFrom('caption')
    .select(['id', 'episodeId', 'language', 'bytes', 'cues', 'createdAt'])
    .where('episodeId', 'in', episodeIds)
    .execute();
  const order = (l: string) => CAPTION_LANGUAGE_CODES.indexOf(l as CaptionLanguage);
  return rows
    .filter((r) => order(r.language) >= 0)
    .sort((a, b) => order(a.language) - order(b.language))
    .map((r) => ({
      id: r.id,
      episodeId: r.episodeId,
      language: r.language as CaptionLanguage,
      bytes: toNum(r.bytes),
      cues: toNum(r.cues),
      createdAt: toIso(r.createdAt),
    }));
}
