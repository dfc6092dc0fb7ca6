/**
 * Intl formatters, one per locale and options. Building one costs far more than using it (locale data is
 * looked up and resolved each time), and a list of 50 cards asks for the same few formats hundreds of times.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const collators = new Map<string, Intl.Collator>();

/** `locale` undefined is the browser's own, as for the Intl constructors. */
function remembered<F, O>(cache: Map<string, F>, make: (locale: string | undefined, options: O) => F) {
  return (locale: string | undefined, options: O): F => {
    const key = `${locale ?? ''}\u0000${JSON.stringify(options)}`;
    let format = cache.get(key);
    if (!format) {
      format = make(locale, options);
      cache.set(key, format);
    }
    return format;
  };
}

export const numberFormat = remembered(
  numberFormats,
  (locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

export const dateTimeFormat = remembered(
  dateTimeFormats,
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);

export const collator = remembered(
  collators,
  (locale, options: Intl.CollatorOptions) => new Intl.Collator(locale, options),
);
