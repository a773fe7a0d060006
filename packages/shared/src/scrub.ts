/**
 * Keeps personal data (e-mail addresses, tokens, secret links, cookies, query strings) out of
 * error reports, in the browser before sending and on the server before logging or sending.
 */

const emailPattern = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const jwtPattern = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;
const bearerPattern =
  /\b(bearer|token|authorization|password|secret|cookie|session|hash)(["'\s:=]+)[^\s"'&,;]+/gi;
const secretPathPattern = /\/(passwordRecovery|confirmAccount|confirm)\/[^\s/?#"']+/g;
const queryPattern = /\?[\w.-]+=[^\s#"']*/g;

/** Text with e-mail addresses, tokens, secret link parts and query strings replaced. */
export function scrubText(text: string): string {
  return text
    .replace(emailPattern, '[email]')
    .replace(jwtPattern, '[token]')
    .replace(bearerPattern, '$1$2[redacted]')
    .replace(secretPathPattern, '/$1/[redacted]')
    .replace(queryPattern, '?[redacted]');
}

/** A URL with its query string, fragment and secret path parts removed. */
export function scrubUrl(url: string): string {
  const cut = url.split(/[?#]/)[0] ?? '';
  return cut.replace(emailPattern, '[email]').replace(secretPathPattern, '/$1/[redacted]');
}
