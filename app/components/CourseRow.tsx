import { useCallback, useEffect, useRef, useState } from 'react';
import { CourseCard, type CardData } from './CourseCard.tsx';
import { domId } from '#app/lib/domId.ts';
import { useT } from '#app/i18n/useT.ts';

/**
 * A titled, horizontally scrolling row of cards: swipe on touch, Tab through the cards (each scrolls into
 * view), or the arrow buttons where there is a mouse.
 */
export function CourseRow({ row }: { row: { key: string; title: string; courses: readonly CardData[] } }) {
  const scroller = useRef<HTMLDivElement>(null);
  const { t } = useT();
  const [edges, setEdges] = useState({ start: true, end: false });
  const id = domId('row', row.key);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const start = el.scrollLeft <= 1;
    const end = el.scrollLeft + el.clientWidth >= el.scrollWidth - 1;
    setEdges((was) => (was.start === start && was.end === end ? was : { start, end }));
  }, []);
  // Rows that fit on screen need no arrows; known only once laid out in the browser.
  useEffect(onScroll, [onScroll]);
  const scrollBy = (dir: 1 | -1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth * 0.9, behavior: 'smooth' });
  };

  return (
    <section className="row" aria-labelledby={id}>
      <h2 id={id} className="row-title">
        {row.title}
      </h2>
      <div className="row-frame">
        <button
          type="button"
          className="row-arrow row-arrow-left"
          aria-label={t('row.scrollLeft', { title: row.title })}
          tabIndex={-1}
          hidden={edges.start}
          onClick={() => scrollBy(-1)}
        >
          ‹
        </button>
        <div className="row-scroller" ref={scroller} onScroll={onScroll}>
          {row.courses.map((c) => (
            <CourseCard key={c.id} course={c} />
          ))}
        </div>
        <button
          type="button"
          className="row-arrow row-arrow-right"
          aria-label={t('row.scrollRight', { title: row.title })}
          tabIndex={-1}
          hidden={edges.end}
          onClick={() => scrollBy(1)}
        >
          ›
        </button>
      </div>
    </section>
  );
}
