import {
  formatPrice as sharedPrice,
  formatQuantity as sharedQuantity,
} from '@waypoint/shared/domain/crafting';
import { numberFormat } from '@waypoint/shared/i18n/number-format';
import { numberSeparators } from './languages.ts';
import { currentLocale, intlLocale, type Locale } from './locale.ts';

/** A number in the interface language's way (1,234.5 / 1.234,5). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  // Every interface language writes Latin digits and groups from 1,000 on: a small whole number is
  // its digits, without waking the number formatter (its first use costs a map page's first render
  // tens of milliseconds on a phone).
  if (!options && Number.isInteger(value) && value > -1000 && value < 1000) return String(value);
  return numberFormat(intlLocale(), options).format(value);
}

/**
 * A number with exactly `digits` decimals in the interface language's way (1,234.5 / 1.234,5),
 * written without a number formatter: the map's coordinate readout shows one in the page's first
 * render, where making the first formatter would cost a phone tens of milliseconds.
 */
export function formatFixed(value: number, digits: number, locale: Locale = currentLocale()): string {
  const shortest = String(Math.abs(value));
  if (!Number.isFinite(value) || shortest.includes('e'))
    return formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  // Rounded half away from zero on the number's shortest decimal form, as the formatter rounds
  // (9.95 to one decimal is 10.0; `toFixed` alone would round the binary value, 9.9).
  const rounded = Number(`${Math.round(Number(`${shortest}e${digits}`))}e-${digits}`);
  const { group, decimal } = numberSeparators[locale === 'pseudo' ? 'en' : locale];
  const [whole, fraction] = rounded.toFixed(digits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, group);
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? decimal + fraction : ''}`;
}

/** A date and time in the interface language's way. */
export function formatDateTime(value: Date | string | number): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString(intlLocale());
}

/** A date in the interface language's way. */
export function formatDate(value: Date | string | number): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(intlLocale());
}

/** A price with the game's currency, separators in the interface language's way. */
export function formatPrice(value: number, currency = ''): string {
  return sharedPrice(value, currency, intlLocale());
}

/** A quantity, separators in the interface language's way. */
export function formatQuantity(value: number): string {
  return sharedQuantity(value, intlLocale());
}
