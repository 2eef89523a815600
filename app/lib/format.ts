const kes = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** Prices are whole shillings, always shown as "KES 1,500". */
export function formatKes(amount: number): string {
  return `KES ${kes.format(amount)}`;
}

/** A course's price: "Free" for a free course (never "KES 0"), else "KES 1,500". */
export function formatPrice(amount: number): string {
  return amount === 0 ? 'Free' : formatKes(amount);
}

/** The buy button's words: a free course is joined, not bought (docs/product.md). */
export function buyLabel(price: number): string {
  return price === 0 ? 'Enroll for free' : 'Purchase Course';
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return h > 0
    ? `${h}:${String(m).padStart(2, '0')}:${String(r).padStart(2, '0')}`
    : `${m}:${String(r).padStart(2, '0')}`;
}
