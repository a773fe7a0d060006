import type { ReactNode } from 'react';
import { useBanned, useMayReview } from './standing-query.ts';

/**
 * What depends on the logged-in user's standing, in code of its own: the bar and the home page load it
 * for logged-in users only (a guest's first load carries no standing query).
 */
export default function StandingGate({
  gameId,
  banned,
  children,
}: {
  /** With `banned`: shows it instead of the children while a ban in this game (or site-wide) holds. */
  gameId?: string;
  banned?: ReactNode;
  children: ReactNode;
}) {
  const mayReview = useMayReview();
  const isBanned = useBanned(gameId);
  if (banned !== undefined) return isBanned ? banned : children;
  return mayReview ? children : null;
}
