import { useT } from '#app/i18n/useT.ts';

/** One titled list of lines as the creator wrote them; lines may repeat, so their place is their key. */
function FactList({ id, title, lines, className }: { id: string; title: string; lines: string[]; className: string }) {
  if (!lines.length) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="row-title">
        {title}
      </h2>
      <ul className={className}>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered on the page
          <li key={i}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "What you will learn" and "Requirements" on a course page, as the creator wrote them; a list left empty
 * is not shown, and nothing at all when both are.
 */
export function CourseFactLists({ outcomes, requirements }: { outcomes: string[]; requirements: string[] }) {
  const { t } = useT();
  if (!outcomes.length && !requirements.length) return null;
  return (
    <div className="course-fact-lists">
      <FactList
        id="course-outcomes-title"
        title={t('course.outcomesTitle')}
        lines={outcomes}
        className="course-outcomes"
      />
      <FactList
        id="course-requirements-title"
        title={t('course.requirementsTitle')}
        lines={requirements}
        className="course-requirements"
      />
    </div>
  );
}
