import type { Request } from 'express';
import type { Logger } from 'pino';
import { idSchema, laundromatSchema, type Laundromat } from '@laundry/contracts';

/**
 * A laundromat's link (`/?l=<id>`, the finder's open detail; see mf-finder's domain/finder-url.ts) carries
 * a title and a description for link previews: chat apps and search engines read the HTML the gateway
 * sends and run none of the page's scripts, so the gateway writes them into index.html itself.
 */
export interface LinkPreview {
  title: string;
  description: string;
}

/** The product's name, after the laundromat's in the page title. */
const SITE_NAME = 'Laundromat Finder';

/** A link preview waits this long for the directory; then the page goes out without one. */
const LOOKUP_TIMEOUT_MS = 1500;

/** The link's laundromat id, or null when the request is not a laundromat's link. */
export function linkedLaundromatId(req: Pick<Request, 'path' | 'query'>): string | null {
  if (req.path !== '/') return null;
  const parsed = idSchema.safeParse(req.query.l);
  return parsed.success ? parsed.data : null;
}

/** Name; address, city and country; the rating with its review count, as the detail shows them. */
export function laundromatPreview(laundromat: Laundromat): LinkPreview {
  const place = [laundromat.address, laundromat.city, laundromat.country].filter(
    (part) => part.trim() !== '',
  );
  const reviews = `${laundromat.totalReviews} review${laundromat.totalReviews === 1 ? '' : 's'}`;
  const rating =
    laundromat.averageRating === null || laundromat.totalReviews === 0
      ? 'No rating yet'
      : `★ ${laundromat.averageRating.toFixed(1)} (${reviews})`;
  return { title: laundromat.name, description: `${place.join(', ')} · ${rating}` };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the preview's title and its description and Open Graph tags in the head. */
export function withLinkPreview(html: string, preview: LinkPreview): string {
  const title = escapeHtml(preview.title);
  const description = escapeHtml(preview.description);
  const tags = [
    `<meta name="description" content="${description}">`,
    `<meta property="og:type" content="place">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta name="twitter:card" content="summary">`,
  ].join('');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title} · ${SITE_NAME}</title>`)
    .replace('</head>', `${tags}</head>`);
}

export interface LinkPreviews {
  /** The preview of the request's laundromat, or null (no laundromat link, not listed, no answer in time). */
  forRequest(req: Request): Promise<LinkPreview | null>;
}

/** Asks the directory (its own address, as the other services do) for the linked laundromat. */
export function linkPreviews(directoryUrl: string | undefined, logger?: Logger): LinkPreviews {
  return {
    async forRequest(req) {
      const id = linkedLaundromatId(req);
      if (id === null || !directoryUrl) return null;
      try {
        const url = new URL(`/api/laundromats/${encodeURIComponent(id)}`, directoryUrl);
        const response = await fetch(url, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) });
        if (!response.ok) {
          await response.arrayBuffer();
          return null;
        }
        const parsed = laundromatSchema.safeParse(await response.json());
        return parsed.success ? laundromatPreview(parsed.data) : null;
      } catch (error) {
        // The page matters more than its preview: it goes out plain.
        logger?.warn({ err: error }, 'link preview: the directory did not answer');
        return null;
      }
    },
  };
}
