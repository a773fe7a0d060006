import { editingMessages } from './editing-messages.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** Calendar days (local time) from `then` to `now`; 0 for the same day or a time in the future. */
export function daysBetween(then: Date, now: Date): number {
  const a = Date.UTC(then.getFullYear(), then.getMonth(), then.getDate());
  const b = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.max(0, Math.round((b - a) / dayMs));
}

/**
 * How fresh a placed marker is, for its popup: 'Never confirmed' when no player confirmed it
 * (`lastConfirmedAt` empty or unreadable), else 'Confirmed today', 'Confirmed yesterday' or
 * 'Confirmed N days ago'.
 */
export function confirmedWording(lastConfirmedAt: string | null | undefined, now: Date = new Date()): string {
  if (!lastConfirmedAt) return editingMessages.neverConfirmed;
  const then = new Date(lastConfirmedAt);
  if (Number.isNaN(then.getTime())) return editingMessages.neverConfirmed;
  return editingMessages.confirmedDaysAgo(daysBetween(then, now));
}
