import { describe, expect, it } from 'vitest';
import { scrubText, scrubUrl, zClientError } from './services.ts';

describe('error report scrubbing', () => {
  it('removes e-mail addresses, tokens, secret links and query strings', () => {
    const text = scrubText(
      'Failed for jane.doe+maps@example.com with Bearer eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.abc_DEF-1 at /passwordRecovery/9f8e7d?token=zzz&x=1 cookie=waypoint-cookie-value',
    );
    expect(text).not.toContain('jane.doe');
    expect(text).not.toContain('eyJ');
    expect(text).not.toContain('9f8e7d');
    expect(text).not.toContain('zzz');
    expect(text).not.toContain('waypoint-cookie-value');
    expect(text).toContain('[email]');
    expect(text).toContain('/passwordRecovery/[redacted]');
  });

  it('keeps ordinary messages readable', () => {
    expect(scrubText("Cannot read properties of undefined (reading 'lat')")).toBe(
      "Cannot read properties of undefined (reading 'lat')",
    );
    expect(scrubText('Why?')).toBe('Why?');
  });

  it('cuts query strings and fragments off URLs', () => {
    expect(scrubUrl('http://x.test/confirmAccount/abc?nextUrl=/profile#top')).toBe(
      'http://x.test/confirmAccount/[redacted]',
    );
  });

  it('bounds every field of a client error report', () => {
    expect(zClientError.safeParse({ source: 'error', message: 'x', url: '/' }).success).toBe(true);
    expect(zClientError.safeParse({ source: 'error', message: 'x'.repeat(2001), url: '/' }).success).toBe(
      false,
    );
    expect(zClientError.safeParse({ source: 'other', message: 'x', url: '/' }).success).toBe(false);
    expect(zClientError.safeParse({ source: 'error', message: 'x', url: '/', extra: 1 }).success).toBe(false);
  });
});
