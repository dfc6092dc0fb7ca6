export const INSTALL_DISMISSED_STORAGE_KEY = 'pwa-install-dismissed';
export const INSTALL_PROMPT_DELAY_MS = 3000;
export const INSTALL_DISMISS_SUPPRESSION_MS = 24 * 60 * 60 * 1000;

/** True while a dismissal stored as epoch ms is less than 24 hours old. */
export function dismissedRecently(stored: string | null, now: number): boolean {
  const dismissedAt = Number(stored);
  if (!stored || !Number.isFinite(dismissedAt)) return false;
  return now - dismissedAt < INSTALL_DISMISS_SUPPRESSION_MS;
}

/** iPhone, iPod or iPad, including iPadOS that reports itself as a Mac with touch. */
export function isIos(userAgent: string, maxTouchPoints: number): boolean {
  return /iPad|iPhone|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** The browser's install-available event (Chromium); not in TypeScript's DOM library. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}
