/**
 * Number formatters by locale and options, made once: `Number#toLocaleString(locale, options)`
 * builds a new `Intl.NumberFormat` on every call, which costs tens of microseconds each (a map's
 * sidebar formats hundreds of counts per render).
 */
const formatters = new Map<string, Intl.NumberFormat>();

/** The cached `Intl.NumberFormat` for a locale and options. */
export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = options ? `${locale}|${JSON.stringify(options)}` : locale;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}
