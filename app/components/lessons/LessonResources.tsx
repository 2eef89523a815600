import '#app/styles/lessonFiles.css';
import { useT } from '#app/i18n/useT.ts';
import { formatFileSize } from '#common/learning/fileSize.ts';
import { lessonResourceUrl } from '#common/learning/lessonFileUrls.ts';
import type { LessonFileType, LessonFileView } from '#common/studio/lessonFiles.ts';

/** A format's short name, as on the file's label ("PDF", "Image", "ZIP"). */
export const FILE_TYPE_KEY: Record<LessonFileType, string> = {
  pdf: 'lesson.fileType.pdf',
  png: 'lesson.fileType.image',
  jpeg: 'lesson.fileType.image',
  webp: 'lesson.fileType.image',
  zip: 'lesson.fileType.zip',
};

/** "Resources" under a lesson (decision 0060): each file's name, type and size, and a download link. */
export function LessonResources({ episodeId, resources }: { episodeId: string; resources: LessonFileView[] }) {
  const { t } = useT();
  if (!resources.length) return null;
  return (
    <section className="lesson-resources" aria-labelledby="lesson-resources-h">
      <h2 id="lesson-resources-h">{t('lesson.resources')}</h2>
      <ul>
        {resources.map((r) => (
          <li key={r.id}>
            <a href={lessonResourceUrl(episodeId, r.id)} download className="lesson-resource">
              <span className="lesson-resource-name">{r.name}</span>
              <span className="lesson-resource-meta">
                {t(FILE_TYPE_KEY[r.type])} · {formatFileSize(r.size)}
              </span>
              <span className="lesson-resource-action" aria-hidden="true">
                ↓
              </span>
              <span className="sr-only">{t('lesson.pdf.download')}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
