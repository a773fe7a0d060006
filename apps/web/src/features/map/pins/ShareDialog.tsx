import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPin } from '@waypoint/shared/pins/schemas';
import {
  MAX_SHARE_TITLE_LENGTH,
  pinShareLink,
  type TPinShare,
  type TShareRoute,
} from '@waypoint/shared/pins/shares';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../../api/client.ts';
import { copyText } from '../../../components/clipboard.ts';
import { Button } from '../../../components/controls.tsx';
import { toast } from '../../../components/toast.ts';
import { contentLang } from '../../../i18n/content.ts';
import { mapMessages } from '../../../i18n/messages/map-messages.ts';
import { messages } from '../../../i18n/messages/messages.ts';
import { pinsMessages } from '../../../i18n/messages/pins-messages.ts';
import classes from './pins.module.css';

interface Props {
  gameId: string;
  mapId: string;
  userId: string;
  pins: readonly TPin[];
  /** The auto route to share (its pins are then optional, none chosen at first). */
  route?: TShareRoute;
  onClose: () => void;
}

const sharesKey = (userId: string, mapId: string) => ['pin-shares', userId, mapId] as const;

async function copy(link: string) {
  if (await copyText(link)) toast.success(mapMessages.linkCopied);
  else toast.error(messages.somethingWentWrong);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Sharing some of the player's pins on this map, or the auto route with pins if they like, through
 * a read-only link (a modal dialog): choose the pins, a title and whether the link names the player;
 * then copy the link. The player's links on the map are listed with what they show, each can be
 * copied or withdrawn.
 */
export default function ShareDialog({ gameId, mapId, userId, pins, route, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const client = useQueryClient();
  const key = sharesKey(userId, mapId);
  const [chosen, setChosen] = useState(() => new Set(route ? [] : pins.map((p) => p.id)));
  const stops = route ? route.points.length - 1 : 0;
  const ready = chosen.size > 0 || route !== undefined;
  const [title, setTitle] = useState('');
  const [showName, setShowName] = useState(false);
  const [made, setMade] = useState<string>();
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  const shares = useQuery({
    queryKey: key,
    queryFn: () => api.get<TPinShare[]>(`/user/pin-shares/${encodeURIComponent(mapId)}`),
  });
  const linkOf = (shareId: string) => pinShareLink(location.origin, gameId, mapId, shareId);
  const create = useMutation({
    mutationFn: () =>
      api.post<TPinShare>(`/user/pin-shares/${encodeURIComponent(mapId)}`, {
        pinIds: pins.filter((p) => chosen.has(p.id)).map((p) => p.id),
        ...(route ? { route } : {}),
        title,
        showName,
      }),
    onSuccess: (share) => {
      setMade(linkOf(share.id));
      toast.success(pinsMessages.shareCreated);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const withdraw = useMutation({
    mutationFn: (shareId: string) =>
      api.delete(`/user/pin-shares/${encodeURIComponent(mapId)}/${encodeURIComponent(shareId)}`),
    onSuccess: (_, shareId) => {
      toast.success(pinsMessages.shareWithdrawn);
      if (made === linkOf(shareId)) setMade(undefined);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const toggle = (pinId: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (!next.delete(pinId)) next.add(pinId);
      return next;
    });
  const all = chosen.size === pins.length && pins.length > 0;

  return (
    <dialog
      ref={dialog}
      className={classes.editor}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      data-testid="pin-share-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) create.mutate();
        }}
      >
        <h2 id={`${id}-title`} className={classes.editorTitle}>
          {route ? pinsMessages.shareRouteTitle : pinsMessages.shareTitle}
        </h2>
        <p className={classes.hint}>{route ? pinsMessages.shareRouteHint(stops) : pinsMessages.shareHint}</p>
        <fieldset className={classes.shareChoice} hidden={pins.length === 0}>
          <legend>{pinsMessages.shareChoose}</legend>
          <label className={classes.check}>
            <input
              type="checkbox"
              checked={all}
              onChange={() => setChosen(all ? new Set() : new Set(pins.map((p) => p.id)))}
            />
            <span>{pinsMessages.shareAll}</span>
          </label>
          <ul className={classes.shareList}>
            {pins.map((p) => (
              <li key={p.id}>
                <label className={classes.check}>
                  <input type="checkbox" checked={chosen.has(p.id)} onChange={() => toggle(p.id)} />
                  <span lang={contentLang}>{p.name}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <label className={classes.field}>
          <span>{pinsMessages.shareName}</span>
          <input
            value={title}
            lang={contentLang}
            maxLength={MAX_SHARE_TITLE_LENGTH}
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        <label className={classes.check}>
          <input type="checkbox" checked={showName} onChange={(e) => setShowName(e.target.checked)} />
          <span>{pinsMessages.shareShowName}</span>
        </label>
        {!ready ? <p className={classes.hint}>{pinsMessages.shareChooseOne}</p> : null}
        {made ? (
          <div className={classes.madeLink}>
            <input readOnly value={made} aria-label={pinsMessages.shareCopy} data-testid="pin-share-link" />
            <Button variant="light" onClick={() => void copy(made)}>
              {pinsMessages.shareCopy}
            </Button>
          </div>
        ) : null}
        <div className={classes.actions}>
          <Button variant="subtle" onClick={() => dialog.current?.close()}>
            {pinsMessages.cancel}
          </Button>
          <Button type="submit" disabled={!ready || create.isPending}>
            {pinsMessages.shareCreate}
          </Button>
        </div>
        <h3 className={classes.shareHeading}>{pinsMessages.shareLinks}</h3>
        {shares.data?.length ? (
          <ul className={classes.shareList} data-testid="pin-share-links">
            {shares.data.map((s) => (
              <li key={s.id} className={classes.shareRow}>
                <span lang={contentLang}>{s.title || s.createdAt.slice(0, 10)}</span>
                <span className={classes.shareCount}>
                  {s.routeStops > 0
                    ? `${pinsMessages.shareRouteStops(s.routeStops)} · ${pinsMessages.sharePinCount(s.pinCount)}`
                    : pinsMessages.sharePinCount(s.pinCount)}
                </span>
                <Button variant="subtle" onClick={() => void copy(linkOf(s.id))}>
                  {pinsMessages.shareCopy}
                </Button>
                <Button variant="subtle" onClick={() => withdraw.mutate(s.id)} disabled={withdraw.isPending}>
                  {pinsMessages.shareWithdraw}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={classes.hint}>{pinsMessages.shareNone}</p>
        )}
      </form>
    </dialog>
  );
}
