import { Link } from 'react-router';
import ui from '../components/ui.module.css';
import { openConsentDialog } from '../features/consent/consent.ts';
import { contentLang } from '../i18n/content.ts';
import { uiMessages } from '../i18n/messages/ui-messages.ts';
import { config } from './config.ts';

/** Footer links (SPEC §2.1): privacy, accessibility, consent, contact and the social link. */
export function SiteFooter() {
  return (
    <footer className={ui.container}>
      <div className={ui.row} style={{ justifyContent: 'space-between' }}>
        <p className={`${ui.small} ${ui.dimmed}`} style={{ margin: 0 }}>
          {uiMessages.footer.copyright(new Date().getFullYear(), config.siteName)}
        </p>
        <nav
          aria-label={uiMessages.footer.footer}
          className={`${ui.row} ${ui.small}`}
          style={{ columnGap: 16 }}
        >
          <Link to="/privacy" className={ui.link}>
            {uiMessages.footer.privacy}
          </Link>
          <Link to="/privacy#accessibility" className={ui.link}>
            {uiMessages.footer.accessibility}
          </Link>
          <button type="button" className={`${ui.link} ${ui.linkButton}`} onClick={() => openConsentDialog()}>
            {uiMessages.nav.consent}
          </button>
          <Link to="/contact" className={ui.link}>
            {uiMessages.nav.contact}
          </Link>
          <a href={config.socialUrl} target="_blank" rel="noopener" className={ui.link} lang={contentLang}>
            {config.socialLabel}
          </a>
        </nav>
      </div>
    </footer>
  );
}
