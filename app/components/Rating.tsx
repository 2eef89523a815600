import { useT } from '#app/i18n/useT.ts';

/** A course's average rating, or "New" when nobody has rated it yet (never a made-up number). */
export function Rating({ value }: { value: number | null }) {
  const { t } = useT();
  if (value == null) return <span className="rating rating-new">{t('rating.new')}</span>;
  return (
    <span className="rating">
      <span aria-hidden="true">★ {value.toFixed(1)}</span>
      <span className="sr-only">{t('rating.sr', { value: value.toFixed(1) })}</span>
    </span>
  );
}
