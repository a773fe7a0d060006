import { messages } from '@waypoint/shared/messages';
import { Link, useSearchParams } from 'react-router';
import ui from '../../components/ui.module.css';
import { usePageMeta } from '../../components/usePageMeta.ts';

/** Where unknown games and maps land (SPEC §2.6). */
export function ErrorPage() {
  const [params] = useSearchParams();
  const gameId = params.get('gameId');
  const mapId = params.get('mapId');
  usePageMeta(messages.gotLost);
  const retry =
    gameId && mapId
      ? `/game/${encodeURIComponent(gameId)}/maps/${encodeURIComponent(mapId)}`
      : gameId
        ? `/game/${encodeURIComponent(gameId)}`
        : '/';
  return (
    <div className={`${ui.container} ${ui.narrow} ${ui.stack} ${ui.center}`} style={{ paddingTop: 64 }}>
      <div className={ui.bigStatus} aria-hidden="true">
        404
      </div>
      <h1 className={ui.title}>{messages.gotLost}</h1>
      <p className={ui.dimmed}>{messages.pageNotFound}</p>
      <div className={`${ui.row} ${ui.center}`}>
        <Link to="/" className={`${ui.button} ${ui.buttonDefault}`}>
          {messages.backToHome}
        </Link>
        <Link to={retry} className={ui.button}>
          {messages.tryAgain}
        </Link>
      </div>
    </div>
  );
}

export { ErrorPage as Component };
