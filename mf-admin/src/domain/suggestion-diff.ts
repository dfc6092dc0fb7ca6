/** A suggested change's value as the diff shows it: text as it is, a pin as its coordinates; null for none. */
export function changeValueText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object') {
    const pin = value as { latitude?: unknown; longitude?: unknown };
    if (typeof pin.latitude === 'number' && typeof pin.longitude === 'number') {
      return `${pin.latitude.toFixed(6)}, ${pin.longitude.toFixed(6)}`;
    }
    return JSON.stringify(value);
  }
  return String(value);
}
