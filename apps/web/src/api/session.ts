import { constants } from '@waypoint/shared/constants';
import { useSyncExternalStore } from 'react';

/** The signed-in user, as stated by the token (SPEC §4). */
export interface Session {
  token: string;
  id: string;
  username: string;
  admin: boolean;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const cookieName = constants.cookieName;
const listeners = new Set<() => void>();
let cached: { token: string; session: Session | null } | undefined;

function readCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === cookieName) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function decodePayload(token: string): Omit<Session, 'token'> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const payload = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    if (typeof payload.id !== 'string' || typeof payload.exp !== 'number') return null;
    return {
      id: payload.id,
      username: typeof payload.username === 'string' ? payload.username : '',
      admin: payload.admin === true,
      exp: payload.exp,
    };
  } catch {
    return null;
  }
}

/** The current session: only while the token exists and has not expired. */
export function getSession(): Session | null {
  const token = readCookie();
  if (!token) return null;
  if (cached?.token !== token) {
    const payload = decodePayload(token);
    cached = { token, session: payload ? { token, ...payload } : null };
  }
  const session = cached.session;
  if (!session || session.exp * 1000 <= Date.now()) return null;
  return session;
}

function notify() {
  for (const listener of listeners) listener();
}

/** Keeps the token in the session cookie until it expires. */
export function storeToken(token: string) {
  loggingOut = false;
  const payload = decodePayload(token);
  const maxAge = payload ? Math.max(0, Math.floor(payload.exp - Date.now() / 1000)) : 86_400;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the session lives in this cookie (SPEC §4)
  document.cookie = `${cookieName}=${encodeURIComponent(token)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
  notify();
}

let loggingOut = false;

/** While a logout navigates away, protected pages do not redirect to the login. */
export function isLoggingOut() {
  return loggingOut;
}

export function clearSession(options: { loggingOut?: boolean } = {}) {
  loggingOut = options.loggingOut === true;
  // biome-ignore lint/suspicious/noDocumentCookie: the session lives in this cookie (SPEC §4)
  document.cookie = `${cookieName}=; Path=/; Max-Age=0; SameSite=Lax`;
  notify();
}

/** Calls `listener` on every login and logout (its unsubscribe answered). */
export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

const guestKey = 'waypoint-guest-name';

/** A local name for visitors without an account: 'guest' plus two numbers below 1000. */
export function guestName(): string {
  try {
    const stored = localStorage.getItem(guestKey);
    if (stored) return stored;
    const n = () => Math.floor(Math.random() * constants.guestNameNumberBelow);
    const name = `${constants.guestNamePrefix}${n()}${n()}`;
    localStorage.setItem(guestKey, name);
    return name;
  } catch {
    return constants.guestNamePrefix;
  }
}
