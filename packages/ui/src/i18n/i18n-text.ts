/** A message for the user as an i18n key plus its interpolation values; the component calls t(key, values). */
export interface I18nText {
  key: string;
  values?: Record<string, string | number>;
}
