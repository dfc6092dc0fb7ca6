import en from '../../../packages/ui/src/locales/en.json';
import { moneyText, type I18nText } from '../../src/domain/i18n-text.ts';

/** The English text at 'namespace:dotted.path', or undefined when en.json has none. */
export function englishAt(key: string): string | undefined {
  const [namespace = '', path = ''] = key.split(':');
  let node: unknown = (en as Record<string, unknown>)[namespace];
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

/** What the page shows for an I18nText in English, placeholders filled (amounts as en-US writes them). */
export function english(text: I18nText | undefined): string | undefined {
  if (!text) return undefined;
  const value = (name: string) => {
    const money = text.money?.[name];
    return money ? moneyText(money, 'en-US') : String(text.values?.[name]);
  };
  return englishAt(text.key)?.replace(/\{\{(\w+)\}\}/g, (_, name: string) => value(name));
}
