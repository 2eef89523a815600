import type { CourseRow as Row } from '../../server/modules/catalog/listLandingRows.ts';
import { CourseCard } from './CourseCard.tsx';

export function CourseRow({ row }: { row: Pick<Row, 'key' | 'title' | 'courses'> }) {
  const id = `row-${row.key}`;
  return (
    <section className="row" aria-labelledby={id}>
      <h2 id={id} className="row-title">
        {row.title}
      </h2>
      <div className="row-scroller">
        {row.courses.map((c) => (
          <CourseCard key={c.id} course={c} />
        ))}
      </div>
    </section>
  );
}
