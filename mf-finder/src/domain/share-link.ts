/**
 * A laundromat's shared link is the finder with its detail open, `/?l=<id>` and nothing else: the gateway
 * writes the link preview (title, description, photo) for exactly that address (gateway/src/link-preview.ts
 * reads the id from `l` on `/`), and a link without the sharer's search, sort or map area opens the same for
 * everyone.
 */
export function laundromatShareUrl(origin: string, laundromatId: string): string {
  const url = new URL('/', origin);
  url.searchParams.set('l', laundromatId);
  return url.toString();
}

/** The parts of the browser sharing uses, so the choice between them can be tested without a browser. */
export interface ShareTargets {
  share?: ((data: ShareData) => Promise<void>) | undefined;
  canShare?: ((data?: ShareData) => boolean) | undefined;
  writeText?: ((text: string) => Promise<void>) | undefined;
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/**
 * The system share sheet where the browser has one (phones, some desktops); else the link is copied for
 * pasting. Closing the share sheet is the person's choice, not a failure, and copies nothing.
 */
export async function shareLink(
  targets: ShareTargets,
  data: { title: string; url: string },
): Promise<ShareOutcome> {
  if (targets.share && (targets.canShare?.(data) ?? true)) {
    try {
      await targets.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
      // A refused share (no user activation, a policy) falls through to copying.
    }
  }
  if (!targets.writeText) return 'failed';
  try {
    await targets.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** The browser's own share and clipboard, bound so they can be called apart from their objects. */
export function browserShareTargets(nav: Navigator): ShareTargets {
  return {
    share: typeof nav.share === 'function' ? nav.share.bind(nav) : undefined,
    canShare: typeof nav.canShare === 'function' ? nav.canShare.bind(nav) : undefined,
    writeText: nav.clipboard ? nav.clipboard.writeText.bind(nav.clipboard) : undefined,
  };
}
