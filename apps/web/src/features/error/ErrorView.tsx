import { Link } from 'react-router';
import ui from '../../components/ui.module.css';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { messages } from '../../i18n/messages/messages.ts';

interface Props {
  status?: number;
  message?: string;
}

/** Generic error page (SPEC §2.2): the message; on 404 a way home, else the render-error text. */
export function ErrorView({ status = 500, message }: Props) {
  const notFound = status === 404;
  const text = message ?? (notFound ? messages.pageNotFound : messages.somethingWentWrong);
  usePageMeta(notFound ? messages.pageNotFound : messages.somethingWentWrong);
  return (
    <div className={`${ui.container} ${ui.narrow} ${ui.stack} ${ui.center}`} style={{ paddingTop: 64 }}>
      <div className={ui.bigStatus} aria-hidden="true">
        {status}
      </div>
      <h1 className={ui.title}>{text}</h1>
      {notFound ? (
        <Link to="/" className={ui.button}>
          {messages.backToHome}
        </Link>
      ) : (
        <p className={ui.dimmed}>{messages.renderError}</p>
      )}
    </div>
  );
}

export function NotFoundView() {
  return <ErrorView status={404} message={messages.pageNotFound} />;
}
