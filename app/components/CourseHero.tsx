import { Link } from 'react-router';
import type { CoursePage } from '#app/server/catalog.server.ts';
import { categoryLabel, categoryPath, creatorPath } from '#common/catalog/categories.ts';
import { buyLabel, formatPrice } from '../lib/format.ts';
import { HeroMedia } from './HeroMedia.tsx';
import { MyListButton } from './MyListButton.tsx';
import { InPlacePlayButton } from './player/InPlacePlayButton.tsx';
import { useInPlacePlayer } from './player/useInPlacePlayer.ts';
import { Rating } from './Rating.tsx';

const plural = (n: number, one: string) => `${n.toLocaleString('en-KE')} ${one}${n === 1 ? '' : 's'}`;

export function purchasePath(courseId: string): string {
  return `/register?redirectTo=${encodeURIComponent(`/course/${courseId}`)}`;
}

/** Top of a course page: picture (or trailer, in place), facts, and the visitor's actions. */
export function CourseHero({ course, purchase }: { course: CoursePage; purchase?: React.ReactNode }) {
  const player = useInPlacePlayer();
  return (
    <section className="course-hero" aria-labelledby="course-title">
      <HeroMedia
        image={course.thumbnail}
        video={course.trailer}
        label={`Trailer: ${course.title}`}
        player={player}
        sizes="(max-width: 600px) 80vw, (min-width: 900px) 60vw, 100vw"
        tracking={{ courseId: course.id, start: 'trailer_view' }}
      />
      <div className="course-hero-text">
        <p className="course-facts">
          <Rating value={course.rating} />
          <span>{plural(course.enrolledCount, 'student')}</span>
          <span>{plural(course.lessonsCount, 'episode')}</span>
        </p>
        <h1 id="course-title">{course.title}</h1>
        <p className="hero-creator">
          <Link to={creatorPath(course.creatorId)}>{course.creatorName}</Link>
          {' · '}
          <Link to={categoryPath(course.category)}>{categoryLabel(course.category)}</Link>
        </p>
        <p className="hero-description">{course.description}</p>
        <div className="hero-actions">
          {course.trailer ? <InPlacePlayButton player={player} play="Play Trailer" pause="Pause Trailer" /> : null}
          {purchase === undefined ? (
            <Link className="btn btn-primary" to={purchasePath(course.id)}>
              {buyLabel(course.price)}
            </Link>
          ) : (
            purchase
          )}
          <MyListButton course={course} />
        </div>
        <div className="price-box">
          <p className="price">{formatPrice(course.price)}</p>
          <p>One-time payment • Lifetime access</p>
        </div>
      </div>
    </section>
  );
}
