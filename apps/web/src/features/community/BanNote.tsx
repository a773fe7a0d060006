import classes from './BanNote.module.css';
import { useBanNotice } from './standing.ts';

/**
 * Where a suggest control would be for a banned user: the ban's reason and end instead (the control
 * is not offered, rather than refused after the fact).
 */
export default function BanNote({ gameId, className }: { gameId: string | undefined; className?: string }) {
  const notice = useBanNotice(gameId);
  if (!notice) return null;
  return (
    <p
      role="note"
      className={className ? `${classes.note} ${className}` : classes.note}
      data-testid="ban-notice"
    >
      {notice}
    </p>
  );
}

export { BanNote };
