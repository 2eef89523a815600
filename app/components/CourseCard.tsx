import { Link } from 'react-router';
import type { CourseCard as Card } from '../../server/modules/catalog/courseCard.ts';
import { formatKes } from '../lib/format.ts';

export function CourseCard({ course }: { course: Card }) {
  return (
    <Link to={`/course/${course.id}`} className="card" prefetch="intent">
      <div className="card-thumb">
        {course.thumbnail ? (
          <img
            src={course.thumbnail.src}
            srcSet={course.thumbnail.srcSet}
            sizes="(max-width: 600px) 45vw, 240px"
            width={640}
            height={360}
            loading="lazy"
            decoding="async"
            alt=""
          />
        ) : null}
      </div>
      <div className="card-body">
        <h3 className="card-title">{course.title}</h3>
        <p className="card-meta">{course.creatorName}</p>
        <p className="card-meta">
          <span className="price">{formatKes(course.price)}</span>
          <span className="rating">{course.rating == null ? 'New' : `★ ${course.rating.toFixed(1)}`}</span>
        </p>
      </div>
    </Link>
  );
}
