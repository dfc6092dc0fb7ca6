import { fileURLToPath } from 'node:url';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import {
  idSchema,
  laundromatSchema,
  photoSchema,
  type Language,
  type Laundromat,
  type Photo,
} from '@laundry/contracts';
import { z } from 'zod';
import { fill, previewLanguage, previewMessages, reviewCountText } from './link-preview-language.ts';

/**
 * A laundromat's link (`/?l=<id>`, the finder's open detail; see mf-finder's domain/finder-url.ts) carries
 * a title, a description and an image for link previews, in the language its reader asked for: chat apps
 * and search engines read the HTML the gateway sends and run none of the page's scripts, so the gateway
 * writes them into the page itself.
 */
export interface LinkPreview {
  title: string;
  description: string;
  language: Language;
  /** An absolute address: crawlers resolve no relative one. */
  image: PreviewImage;
}

export interface PreviewImage {
  url: string;
  alt: string;
  /** Known for the brand image; a photo's are not, and a crawler measures it itself. */
  width?: number;
  height?: number;
}

/** The product's name, after the laundromat's in the page title; a name, the same in every language. */
const SITE_NAME = 'Laundromat Finder';

/** The brand image for a laundromat without photos (drawn by scripts/src/link-preview-image.ts). */
export const BRAND_IMAGE_PATH = '/link-preview.png';
export const BRAND_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const BRAND_IMAGE_FILE = new URL('../assets/link-preview.png', import.meta.url);

/** A link preview waits this long for the directory and the photos; then the page goes out without one. */
const LOOKUP_TIMEOUT_MS = 1500;

/** Open Graph names a language with its region; these are the regions the product's languages are read in most. */
const ogLocales: Record<Language, string> = {
  en: 'en_US',
  zh: 'zh_CN',
  hi: 'hi_IN',
  es: 'es_ES',
  fr: 'fr_FR',
};

/** The link's laundromat id, or null when the request is not a laundromat's link. */
export function linkedLaundromatId(req: Pick<Request, 'path' | 'query'>): string | null {
  if (req.path !== '/') return null;
  const parsed = idSchema.safeParse(req.query.l);
  return parsed.success ? parsed.data : null;
}

/** Name; address, city and country; the rating with its review count, as the detail shows them. */
export function laundromatPreview(
  laundromat: Laundromat,
  language: Language = 'en',
): Pick<LinkPreview, 'title' | 'description'> {
  const messages = previewMessages[language];
  const place = [laundromat.address, laundromat.city, laundromat.country].filter(
    (part) => part.trim() !== '',
  );
  const rating =
    laundromat.averageRating === null || laundromat.totalReviews === 0
      ? messages.noRating
      : `★ ${new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
          laundromat.averageRating,
        )} (${reviewCountText(messages, language, laundromat.totalReviews)})`;
  return { title: laundromat.name, description: `${place.join(', ')} · ${rating}` };
}

/** What a preview needs of each photo the photo service lists; the rest of a photo may change freely. */
const previewPhotosSchema = z.array(
  photoSchema.pick({ publicUrl: true, privateUrl: true, isPublic: true, createdAt: true }),
);
type PreviewPhoto = z.infer<typeof previewPhotosSchema>[number];

/** Where a photo's image is: its public address, else the photo service's /objects/ path (as the finder shows it). */
function photoPath(photo: Pick<Photo, 'publicUrl' | 'privateUrl'>): string | null {
  if (photo.publicUrl) return photo.publicUrl;
  if (!photo.privateUrl) return null;
  if (/^https?:\/\//.test(photo.privateUrl) || photo.privateUrl.startsWith('/objects/'))
    return photo.privateUrl;
  return `/objects/${photo.privateUrl.replace(/^\/+/, '').replace(/^objects\//, '')}`;
}

/**
 * The laundromat's first photo, as its detail lists them (newest first; the full image, not the grid's
 * small one), else the brand image; addresses made absolute against the site's own.
 */
export function previewImage(
  laundromat: Pick<Laundromat, 'name'>,
  photos: readonly PreviewPhoto[],
  origin: string,
  language: Language,
): PreviewImage {
  const messages = previewMessages[language];
  const first = [...photos]
    .filter((photo) => photo.isPublic && photoPath(photo) !== null)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  if (first) {
    return {
      url: new URL(photoPath(first)!, origin).href,
      alt: fill(messages.photoAlt, { name: laundromat.name }),
    };
  }
  return { url: new URL(BRAND_IMAGE_PATH, origin).href, alt: messages.brandAlt, ...BRAND_IMAGE_SIZE };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page with the preview's title, and its description, image and Open Graph tags in the head. */
export function withLinkPreview(html: string, preview: LinkPreview): string {
  const title = escapeHtml(preview.title);
  const description = escapeHtml(preview.description);
  const { image } = preview;
  const tags = [
    `<meta name="description" content="${description}">`,
    `<meta property="og:type" content="place">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    `<meta property="og:locale" content="${ogLocales[preview.language]}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:image" content="${escapeHtml(image.url)}">`,
    ...(image.width && image.height
      ? [
          `<meta property="og:image:width" content="${image.width}">`,
          `<meta property="og:image:height" content="${image.height}">`,
        ]
      : []),
    `<meta property="og:image:alt" content="${escapeHtml(image.alt)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
  ].join('');
  // Function replacers: a string replacement would read `$&`, `$'` or `$1` in a laundromat's name as patterns.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title} · ${SITE_NAME}</title>`)
    .replace('</head>', () => `${tags}</head>`);
}

export interface LinkPreviews {
  /** The preview of the request's laundromat, or null (no laundromat link, not listed, no answer in time). */
  forRequest(req: Request): Promise<LinkPreview | null>;
}

/** GET of a service's JSON within the preview's time, or undefined (not found, an error, too slow). */
async function getJson(url: URL): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) });
  if (!response.ok) {
    await response.arrayBuffer();
    return undefined;
  }
  return response.json();
}

/**
 * Asks the directory for the linked laundromat and the photo service for its photos (their own addresses,
 * as the other services do), both at once.
 */
export function linkPreviews(
  addresses: { directory: string | undefined; photo: string | undefined },
  logger?: Logger,
): LinkPreviews {
  return {
    async forRequest(req) {
      const id = linkedLaundromatId(req);
      if (id === null || !addresses.directory) return null;
      const path = encodeURIComponent(id);
      const photos = addresses.photo
        ? getJson(new URL(`/api/photos/${path}`, addresses.photo)).catch((error: unknown) => {
            // Without its photos the preview still has the brand image.
            logger?.warn({ err: error }, 'link preview: the photo service did not answer');
            return undefined;
          })
        : Promise.resolve(undefined);
      try {
        const parsed = laundromatSchema.safeParse(
          await getJson(new URL(`/api/laundromats/${path}`, addresses.directory)),
        );
        if (!parsed.success) return null;
        const language = previewLanguage(req);
        const listed = previewPhotosSchema.safeParse(await photos);
        return {
          ...laundromatPreview(parsed.data, language),
          language,
          image: previewImage(
            parsed.data,
            listed.success ? listed.data : [],
            `${req.protocol}://${req.get('host')}`,
            language,
          ),
        };
      } catch (error) {
        // The page matters more than its preview: it goes out plain.
        logger?.warn({ err: error }, 'link preview: the directory did not answer');
        return null;
      }
    },
  };
}

/**
 * GET /link-preview.png: the brand image, for crawlers of other sites (so a cross-origin resource), kept a
 * day; it changes only with a release.
 */
export function brandImage(): RequestHandler {
  const file = fileURLToPath(BRAND_IMAGE_FILE);
  return (_req, res, next) => {
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.sendFile(file, { maxAge: '1d' }, (error) => {
      if (error) next(error);
    });
  };
}
