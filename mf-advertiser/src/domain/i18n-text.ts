/** A message for the user as an i18n key plus its interpolation values; the component calls t(key, values). */
export interface I18nText {
  key: string;
  values?: Record<string, string | number>;
}

/** The advertiser namespace's keys are written in full ('advertiser:…') so they read the same anywhere. */
export const ns = (path: string) => `advertiser:${path}`;

/** A server's own words (English), shown as they are when no translation of them exists. */
export const serverText = (message: string): I18nText => ({
  key: ns('validation.server'),
  values: { message },
});
