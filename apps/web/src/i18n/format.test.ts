import { numberFormat } from '@waypoint/shared/i18n/number-format';
import { describe, expect, it } from 'vitest';
import { formatFixed, formatNumber, formatPrice, formatQuantity } from './format.ts';
import { intlLocale, type Language, languages } from './locale.ts';

describe('formatNumber', () => {
  it('writes small whole numbers as every interface language formats them', () => {
    // The shortcut for |n| < 1000 holds only while each language writes Latin digits without grouping there.
    for (const language of Object.keys(languages) as Language[]) {
      const format = new Intl.NumberFormat(intlLocale(language));
      for (let n = -999; n <= 999; n++) expect(String(n), `${language} ${n}`).toBe(format.format(n));
    }
  });

  it('groups, rounds and takes options through the formatter', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(-12345)).toBe('-12,345');
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatNumber(0.5, { style: 'percent' })).toBe('50%');
    expect(formatPrice(1200, '$')).toBe('$1,200');
    expect(formatPrice(12.5, 'gold')).toBe('12.50 gold');
    expect(formatQuantity(1234.567)).toBe('1,234.57');
  });
});

describe('formatFixed', () => {
  it('writes what the number formatter writes, in every interface language', () => {
    const values = [
      0, 0.04, -0.04, 0.05, 0.5, 1, 9.95, 12.25, -12.25, 999.96, 1000, 1234.5, -98765.4321, 1e6,
      123456789.987,
    ];
    for (let n = 0; n < 300; n++) values.push((Math.random() - 0.5) * 10 ** (n % 9));
    for (const language of Object.keys(languages) as Language[]) {
      for (const digits of [0, 1, 2]) {
        const format = new Intl.NumberFormat(intlLocale(language), {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        for (const v of values)
          expect(formatFixed(v, digits, language), `${language} ${v} ${digits}`).toBe(format.format(v));
      }
    }
  });
});

describe('numberFormat', () => {
  it('makes one formatter per locale and options', () => {
    expect(numberFormat('de')).toBe(numberFormat('de'));
    expect(numberFormat('de', { maximumFractionDigits: 2 })).toBe(
      numberFormat('de', { maximumFractionDigits: 2 }),
    );
    expect(numberFormat('de', { maximumFractionDigits: 2 })).not.toBe(numberFormat('de'));
    expect(numberFormat('en')).not.toBe(numberFormat('de'));
    expect(numberFormat('de').format(1234.5)).toBe('1.234,5');
    expect(numberFormat('en', { maximumFractionDigits: 2 }).format(1234.567)).toBe('1,234.57');
  });
});
