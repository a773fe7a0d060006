import {
  formatPrice as sharedPrice,
  formatQuantity as sharedQuantity,
} from '@waypoint/shared/domain/crafting';
import { intlLocale } from './locale.ts';

/** A number in the interface language's way (1,234.5 / 1.234,5). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return value.toLocaleString(intlLocale(), options);
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
