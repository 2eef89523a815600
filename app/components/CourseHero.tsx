import { Link } from 'react-router';
import type { CoursePage } from '#app/server/catalog.server.ts';
import { categoryPath, creatorPath } from '#common/catalog/categories.ts';
import { useFormat } from '#app/i18n/useFormat.ts';
import { HeroMedia } from './HeroMedia.tsx';
import { MyListButton } from './MyListButton.tsx';
import { InPlacePlayButton } from './player/InPlacePlayButton.tsx';
import { useInPlacePlayer } from './player/useInPlacePlayer.ts';
import { Rating } from './Rating.tsx';
import { LessonCounts } from './lessons/LessonCounts.tsx';
import { ShareButton } from './ShareButton.tsx';

export function purchasePath(courseId: string): string {
  return `/register?redirectTo=${encodeURIComponent(`/course/${courseId}`)}`;
}

/** In place of "Purchase Course" while the course's creator is suspended. */
export function NotForSale() {
  const { t } = useFormat();
  return <p className="not-for-sale">{t('course.notForSale')}</p>;
}

/** Top of a course page: picture (or trailer, in place), facts, and the visitor's actions. */
export function CourseHero({
  course,
  publicUrl,
  shareUrl,
  purchase,
}: {
  course: CoursePage;
  /** PUBLIC_URL: the course's shared link is its canonical address, as its og:url. */
  publicUrl: string;
  /** An affiliate's own link to share instead: the canonical address with their referral (decision 0067). */
  shareUrl?: string;
  purchase?: React.ReactNode;
}) {
  const player = useInPlacePlayer();
  const { t, price, buyLabel, length } = useFormat();
  return (
    <section className="course-hero" aria-labelledby="course-title">
      <HeroMedia
        image={course.thumbnail}
        video={course.trailer}
        label={t('course.trailerLabel', { title: course.title })}
        player={player}
        sizes="(max-width: 600px) 80vw, (min-width: 900px) 60vw, 100vw"
        tracking={{ courseId: course.id, start: 'trailer_view' }}
      />
      <div className="course-hero-text">
        <p className="course-facts">
          <Rating value={course.rating} />
          <span>{t('course.students', { count: course.enrolledCount })}</span>
          <LessonCounts episodes={course.episodes} />
          {course.duration > 0 ? <span>{length(course.duration)}</span> : null}
        </p>
        <h1 id="course-title">{course.title}</h1>
        <p className="hero-creator">
          <Link to={creatorPath(course.creatorId)}>{course.creatorName}</Link>
          {' · '}
          <Link to={categoryPath(course.category)}>{t(`category.${course.category}`)}</Link>
        </p>
        <p className="hero-description">{course.description}</p>
        <div className="hero-actions">
          {course.trailer ? (
            <InPlacePlayButton player={player} play={t('course.playTrailer')} pause={t('course.pauseTrailer')} />
          ) : null}
          {purchase === undefined ? (
            course.forSale ? (
              <Link className="btn btn-primary" to={purchasePath(course.id)}>
                {buyLabel(course.price)}
              </Link>
            ) : (
              <NotForSale />
            )
          ) : (
            purchase
          )}
          <MyListButton course={course} />
          <ShareButton
            url={shareUrl ?? `${publicUrl}/course/${course.id}`}
            title={course.title}
            text={t('share.courseText', { creator: course.creatorName })}
          />
        </div>
        <div className="price-box">
          <p className="price">{price(course.price)}</p>
          <p>{t('course.oneTime')}</p>
        </div>
      </div>
    </section>
  );
}
