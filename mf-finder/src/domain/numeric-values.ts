/** Ratings and prices may arrive as numbers or as text from older payloads and caches. */

/** A rating as a number; missing or unreadable reads as 0, which sorts below every real rating (1–5). */
export function ratingValue(rating: number | string | null | undefined): number {
  const value = typeof rating === 'string' ? Number(rating) : rating;
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** A price with non-numeric characters stripped ('$4.50' → 4.5); null when missing or unreadable. */
export function priceValue(price: number | string | null | undefined): number | null {
  if (typeof price === 'number') return Number.isFinite(price) ? price : null;
  if (typeof price !== 'string') return null;
  const digits = price.replace(/[^0-9.]/g, '');
  if (digits === '') return null;
  const value = Number(digits);
  return Number.isFinite(value) ? value : null;
}
