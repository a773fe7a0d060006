import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isLoggingOut, useSession } from '../api/session.ts';

function LoginRedirect() {
  const { pathname, search } = useLocation();
  return <Navigate replace to={`/login?nextUrl=${encodeURIComponent(pathname + search)}`} />;
}

/** Protected routes: without a session, go to the login with the wanted path in nextUrl. */
export function RequireLogin({ children }: { children: ReactNode }) {
  if (useSession()) return children;
  return isLoggingOut() ? null : <LoginRedirect />;
}

/**
 * Admin routes: guests log in first; logged-in non-admins are sent to the login route (SPEC §2.2),
 * which then says that their account may not open the page (`denied`) and offers another login.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) return isLoggingOut() ? null : <LoginRedirect />;
  if (!session.admin) {
    return <Navigate replace to={`/login?denied=1&nextUrl=${encodeURIComponent(pathname + search)}`} />;
  }
  return children;
}

/** A post-login target from the query; only paths on this site are honoured. */
export function safeNextPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}
