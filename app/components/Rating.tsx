/** A course's average rating, or "New" when nobody has rated it yet (never a made-up number). */
export function Rating({ value }: { value: number | null }) {
  if (value == null) return <span className="rating rating-new">New</span>;
  return (
    <span className="rating">
      <span aria-hidden="true">★ {value.toFixed(1)}</span>
      <span className="sr-only">Rated {value.toFixed(1)} out of 5</span>
    </span>
  );
}
