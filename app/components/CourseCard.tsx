import { Link } from 'react-router';
import type { MyListItem } from '../lib/myList.ts';
import { useFormat } from '#app/i18n/useFormat.ts';
import { Rating } from './Rating.tsx';

/** A card needs only what My List keeps, so saved courses render without a request. */
export type CardData = MyListItem;

export function CourseCard({ course }: { course: CardData }) {
  const { price } = useFormat();
  return (
    <Link to={`/course/${course.id}`} className="card" prefetch="intent">
      <div className="card-thumb">
        {course.thumbnail ? (
          <img
            src={course.thumbnail.src}
            srcSet={course.thumbnail.srcSet}
            sizes="(max-width: 600px) 42vw, (max-width: 900px) 30vw, 260px"
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
          <span className="price">{price(course.price)}</span>
          <Rating value={course.rating} />
        </p>
      </div>
    </Link>
  );
}
