import { useFormat } from '#app/i18n/useFormat.ts';
import { sectionSeconds } from '#common/learning/sectionGroups.ts';

/**
 * A section's heading over its lessons (decision 0064): its name, then how many lessons and how long
 * ("4 lessons · 25 min"; a section of quizzes and PDFs only says its count).
 */
export function SectionHeading({
  id,
  title,
  lessons,
}: {
  id: string;
  title: string;
  lessons: readonly { duration: number; readingMinutes: number }[];
}) {
  const { t, length } = useFormat();
  const seconds = sectionSeconds(lessons);
  return (
    <div className="lesson-section-head">
      <h3 id={id} className="lesson-section-title">
        {title}
      </h3>
      <p className="lesson-section-facts">
        {t('sections.lessons', { count: lessons.length })}
        {seconds > 0 ? ` · ${length(seconds)}` : null}
      </p>
    </div>
  );
}
