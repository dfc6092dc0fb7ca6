import type { Request } from 'express';
import type { Language } from '@laundry/contracts';
import { requestLanguage } from '@laundry/platform/http';
import en from '../../packages/ui/src/locales/en.json' with { type: 'json' };
import es from '../../packages/ui/src/locales/es.json' with { type: 'json' };
import fr from '../../packages/ui/src/locales/fr.json' with { type: 'json' };
import hi from '../../packages/ui/src/locales/hi.json' with { type: 'json' };
import zh from '../../packages/ui/src/locales/zh.json' with { type: 'json' };

/**
 * A link preview's words: its own (`linkPreview` in the UI package's locale files, which the shell never
 * loads) and the finder's review counts, so the preview counts reviews as the laundromat's detail does.
 */
export interface PreviewMessages {
  noRating: string;
  photoAlt: string;
  brandAlt: string;
  /** By plural category (Intl.PluralRules): one, many, other … as the locale has them. */
  reviewCount: Partial<Record<Intl.LDMLPluralRule, string>>;
}

const reviewCountPrefix = 'reviewCount_';

function messagesOf(locale: typeof en): PreviewMessages {
  const reviewCount = Object.fromEntries(
    Object.entries(locale.finder.rating)
      .filter(([key]) => key.startsWith(reviewCountPrefix))
      .map(([key, text]) => [key.slice(reviewCountPrefix.length), text]),
  );
  return { ...locale.linkPreview, reviewCount };
}

// Read by path as the identity and billing services read their pages' strings, so the gateway's image
// carries these five files (its Dockerfile copies them) and not the UI package.
export const previewMessages: Record<Language, PreviewMessages> = {
  en: messagesOf(en),
  zh: messagesOf(zh as typeof en),
  hi: messagesOf(hi as typeof en),
  es: messagesOf(es as typeof en),
  fr: messagesOf(fr as typeof en),
};

/**
 * The language the link's reader asked for: ?lang= in the link when the finder put it there, else the
 * cookie the page keeps its language in (the reader has used the site), else Accept-Language (a chat app's
 * crawler sends the reader's, or none), else English.
 */
export const previewLanguage = (
  req: Pick<Request, 'body' | 'query' | 'headers' | 'acceptsLanguages'>,
): Language => requestLanguage(req) ?? 'en';

/** `{{name}}` placeholders filled in. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));

/** '12 reviews' in the language, by its plural rules ('12 条评价', '1 avis'). */
export function reviewCountText(messages: PreviewMessages, language: Language, count: number): string {
  const category = new Intl.PluralRules(language).select(count);
  const text = messages.reviewCount[category] ?? messages.reviewCount.other ?? '{{count}}';
  return fill(text, { count: new Intl.NumberFormat(language).format(count) });
}
