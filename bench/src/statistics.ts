/** The middle value; with an even count, the mean of the middle two. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('no values to take the median of');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? (sorted[middle - 1]! + sorted[middle]!) / 2 : sorted[Math.floor(middle)]!;
}

/** `value` rounded to `decimals` places, as the results files record figures. */
export function roundTo(value: number, decimals: number): number {
  return Math.round(value * 10 ** decimals) / 10 ** decimals;
}
