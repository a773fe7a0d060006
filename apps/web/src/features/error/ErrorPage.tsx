import { Link, useSearchParams } from 'react-router';
import { HttpError } from '../../api/client.ts';
import { useGame, useMaps } from '../../api/queries.ts';
import ui from '../../components/ui.module.css';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { contentLang } from '../../i18n/content.ts';
import { errorMessages } from '../../i18n/messages/error-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';

/**
 * Where unknown games and maps land (SPEC §2.6). 'Try again' shows only where trying again can help:
 * when the game could not be loaded (a network or server failure), not when it does not exist. An
 * unknown map of a known game lists that game's maps instead.
 */
export function ErrorPage() {
  const [params] = useSearchParams();
  const gameId = params.get('gameId') ?? '';
  const mapId = params.get('mapId') ?? '';
  usePageMeta(messages.gotLost);
  const game = useGame(gameId || undefined);
  const maps = useMaps(game.data ? gameId : undefined);
  const gameMissing = game.error instanceof HttpError && game.error.status === 404;
  const unreachable = game.isError && !gameMissing;
  const retry = mapId
    ? `/game/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(mapId)}`
    : `/game/${encodeURIComponent(gameId)}`;
  const gamePath = `/game/${encodeURIComponent(gameId)}`;

  return (
    <div className={`${ui.container} ${ui.narrow} ${ui.stack} ${ui.center}`} style={{ paddingTop: 64 }}>
      <div className={ui.bigStatus} aria-hidden="true">
        404
      </div>
      <h1 className={ui.title}>{messages.gotLost}</h1>
      {gameMissing ? <p className={ui.dimmed}>{messages.noSuchGame(gameId)}</p> : null}
      {unreachable ? <p className={ui.dimmed}>{messages.errorPageUnreachable}</p> : null}
      {!gameId ? <p className={ui.dimmed}>{messages.pageNotFound}</p> : null}
      {game.data && mapId ? (
        <nav aria-label={errorMessages.mapsOf(game.data.name)} className={ui.stack}>
          <p className={ui.dimmed}>{messages.noSuchMap(mapId, game.data.name)}</p>
          <ul className={ui.stack} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {(maps.data ?? []).map((map) => (
              <li key={map._id}>
                <Link to={`${gamePath}/maps/${encodeURIComponent(map._id)}`} lang={contentLang}>
                  {map.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className={`${ui.row} ${ui.center}`}>
        <Link to="/" className={`${ui.button} ${ui.buttonDefault}`}>
          {messages.backToHome}
        </Link>
        {game.data ? (
          <Link to={gamePath} className={ui.button}>
            {messages.openGame(game.data.name)}
          </Link>
        ) : null}
        {unreachable ? (
          <Link to={retry} className={ui.button}>
            {messages.tryAgain}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

export { ErrorPage as Component };
