import { useT } from '#app/i18n/useT.ts';
import { toggleMyList, useInMyList, type MyListItem } from '../lib/myList.ts';

/** The add-to-My-List toggle; its state is the pressed state of one button named "My List". */
export function MyListButton({ course }: { course: MyListItem }) {
  const inList = useInMyList(course.id);
  const { t } = useT();
  return (
    <button type="button" className="btn btn-ghost" aria-pressed={inList} onClick={() => toggleMyList(course)}>
      <span aria-hidden="true" className="btn-icon">
        {inList ? '✓' : '+'}
      </span>
      {t('myList.button')}
    </button>
  );
}
