import { useT } from '#app/i18n/useT.ts';

/**
 * "What you will learn" and "Requirements" on a course page, as the creator wrote them; a list left empty
 * is not shown, and nothing at all when both are.
 */
export function CourseFactLists({ outcomes, requirements }: { outcomes: string[]; requirements: string[] }) {
  const { t } = useT();
  if (!outcomes.length && !requirements.length) return null;
  return (
    <div className="course-fact-lists">
      {outcomes.length ? (
        <section aria-labelledby="course-outcomes-title">
          <h2 id="course-outcomes-title" className="row-title">
            {t('course.outcomesTitle')}
          </h2>
          <ul className="course-outcomes">
            {outcomes.map((line, i) => (
              // Lines may repeat; their place in the list is what identifies them.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered on the page
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {requirements.length ? (
        <section aria-labelledby="course-requirements-title">
          <h2 id="course-requirements-title" className="row-title">
            {t('course.requirementsTitle')}
          </h2>
          <ul className="course-requirements">
            {requirements.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered on the page
              <li key={i}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
