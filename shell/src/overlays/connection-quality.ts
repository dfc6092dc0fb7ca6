/** The indicator's text for a Network Information `effectiveType`; null (hidden) on 4g, 5g or unknown. */
export function connectionQualityKey(effectiveType: string | undefined): string | null {
  switch (effectiveType) {
    case 'slow-2g':
      return 'connection.slow';
    case '2g':
      return 'connection.limited';
    case '3g':
      return 'connection.moderate';
    default:
      return null;
  }
}

/** The part of the Network Information API we read (not in TypeScript's DOM library; Chromium only). */
export interface NetworkInformationLike extends EventTarget {
  effectiveType?: string;
}

export function networkInformation(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}
