import {
  formatPrice as sharedPrice,
  formatQuantity as sharedQuantity,
} from '@waypoint/shared/domain/crafting';
import { numberFormat } from '@waypoint/shared/i18n/number-format';
import { intlLocale } from './locale.ts';

/** A number in the interface language's way (1,234.5 / 1.234,5). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  // Every interface language writes Latin digits and groups from 1,000 on: a small whole number is
  // its digits, without waking the number formatter (its first use costs a map page's first render
  // tens of milliseconds on a phone).
  if (!options && Number.isInteger(value) && value > -1000 && value < 1000) return String(value);
  return numberFormat(intlLocale(), options).format(value);
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
