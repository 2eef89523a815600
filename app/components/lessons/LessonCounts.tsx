import { useT } from '#app/i18n/useT.ts';

/** The course facts' lesson count: by type once a course has other lessons than videos ("3 videos · 2 texts · 1 quiz"). */
export function LessonCounts({ episodes }: { episodes: readonly { kind: string }[] }) {
  const { t } = useT();
  const texts = episodes.filter((e) => e.kind === 'text').length;
  const pdfs = episodes.filter((e) => e.kind === 'pdf').length;
  const quizzes = episodes.filter((e) => e.kind === 'quiz').length;
  const audios = episodes.filter((e) => e.kind === 'audio').length;
  const videos = episodes.length - texts - pdfs - quizzes - audios;
  if (!texts && !pdfs && !quizzes && !audios) return <span>{t('course.episodes', { count: episodes.length })}</span>;
  return (
    <>
      {videos ? <span>{t('course.videoLessons', { count: videos })}</span> : null}
      {audios ? <span>{t('course.audioLessons', { count: audios })}</span> : null}
      {texts ? <span>{t('course.textLessons', { count: texts })}</span> : null}
      {pdfs ? <span>{t('course.pdfLessons', { count: pdfs })}</span> : null}
      {quizzes ? <span>{t('course.quizLessons', { count: quizzes })}</span> : null}
    </>
  );
}
