import { IconBell, IconX } from '@tabler/icons-react';
import { notificationPath } from '@waypoint/shared/notifications/links';
import type { NotificationView } from '@waypoint/shared/notifications/schemas';
import { notificationText } from '@waypoint/shared/notifications/text';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useGames } from '../../api/queries.ts';
import ui from '../../components/ui.module.css';
import { useDismiss } from '../../components/useDismiss.ts';
import { contentLang } from '../../i18n/content.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { notificationMessages as t } from '../../i18n/messages/notification-messages.ts';
import { useMarkRead, useNotifications, useUnreadCount } from './api.ts';
import classes from './Bell.module.css';

const PAGE = 20;

function NotificationItem({
  n,
  gameName,
  onOpen,
}: {
  n: NotificationView;
  gameName: string | undefined;
  onOpen: () => void;
}) {
  return (
    <li className={classes.entry} data-unread={!n.read || undefined} data-testid="notification">
      <Link to={notificationPath(n)} className={classes.item} onClick={onOpen}>
        <span className={classes.text}>{notificationText(t, n)}</span>
        {n.reason ? (
          <span className={classes.reason} data-testid="notification-reason">
            {t.reason(n.reason)}
          </span>
        ) : null}
        <span className={classes.meta}>
          {gameName ? <span lang={contentLang}>{gameName}</span> : null}
          {gameName ? ' · ' : null}
          {formatDateTime(n.createdAt)}
        </span>
        {n.read ? null : <span className={classes.badge}>{t.unreadBadge}</span>}
      </Link>
    </li>
  );
}

/** The open list: newest first, a page at a time; opening one marks it read. */
function NotificationPanel({ id, close }: { id: string; close: () => void }) {
  const [limit, setLimit] = useState(PAGE);
  const list = useNotifications(limit, true);
  const markRead = useMarkRead();
  const games = useGames();
  const headingId = useId();
  const page = list.data;
  return (
    <section id={id} className={classes.panel} aria-labelledby={headingId} data-testid="notification-panel">
      <div className={classes.head}>
        <h2 id={headingId} className={classes.title}>
          {t.title}
        </h2>
        {page && page.unread > 0 ? (
          <button
            type="button"
            className={classes.textButton}
            onClick={() => markRead.mutate({ upTo: page.data[0]?.createdAt ?? new Date().toISOString() })}
          >
            {t.markAllRead}
          </button>
        ) : null}
        <button type="button" className={ui.iconButton} onClick={close} aria-label={t.close}>
          <IconX size={18} aria-hidden="true" />
        </button>
      </div>
      {list.isError ? <p className={classes.note}>{t.loadFailed}</p> : null}
      {page?.data.length === 0 ? <p className={classes.note}>{t.empty}</p> : null}
      {page && page.data.length > 0 ? (
        <ul className={classes.list}>
          {page.data.map((n) => (
            <NotificationItem
              key={n.id}
              n={n}
              gameName={games.data?.find((g) => g._id === n.gameId)?.name}
              onOpen={() => {
                if (!n.read) markRead.mutate(n.id);
                close();
              }}
            />
          ))}
        </ul>
      ) : null}
      {page && page.total > page.data.length ? (
        <button type="button" className={classes.textButton} onClick={() => setLimit((l) => l + PAGE)}>
          {t.showMore}
        </button>
      ) : null}
    </section>
  );
}

/**
 * The bar's bell for a logged-in user: the unread count (asked for every minute and when the tab
 * comes back into focus) and the list, a panel under the bell on wide screens and a sheet over the
 * page on phones. Closed by Escape, a click outside or opening a notification.
 */
export default function Bell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount().data?.unread ?? 0;
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useDismiss(open, setOpen, { root, button });

  return (
    <div ref={root} className={classes.root}>
      <button
        type="button"
        ref={button}
        className={`${ui.iconButton} ${classes.bell}`}
        aria-expanded={open}
        aria-controls={id}
        aria-label={unread > 0 ? t.bellUnread(unread) : t.bell}
        data-testid="notification-bell"
        onClick={() => setOpen((o) => !o)}
      >
        <IconBell size={20} aria-hidden="true" />
        {unread > 0 ? (
          <span className={classes.count} aria-hidden="true" data-testid="notification-count">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? <NotificationPanel id={id} close={() => setOpen(false)} /> : null}
    </div>
  );
}
