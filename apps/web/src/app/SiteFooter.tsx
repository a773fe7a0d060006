import { Link } from 'react-router';
import ui from '../components/ui.module.css';
import { openConsentDialog } from '../features/consent/consent.ts';
import { config } from './config.ts';

/** Footer links (SPEC §2.1): privacy, accessibility, consent, contact and the social link. */
export function SiteFooter() {
  return (
    <footer className={ui.container}>
      <div className={ui.row} style={{ justifyContent: 'space-between' }}>
        <p className={`${ui.small} ${ui.dimmed}`} style={{ margin: 0 }}>
          © {new Date().getFullYear()} Waypoint. Fan-made maps; game names belong to their owners.
        </p>
        <nav aria-label="Footer" className={`${ui.row} ${ui.small}`} style={{ columnGap: 16 }}>
          <Link to="/privacy" className={ui.link}>
            Privacy
          </Link>
          <Link to="/privacy#accessibility" className={ui.link}>
            Accessibility
          </Link>
          <button type="button" className={`${ui.link} ${ui.linkButton}`} onClick={() => openConsentDialog()}>
            Consent
          </button>
          <Link to="/contact" className={ui.link}>
            Contact
          </Link>
          <a href={config.socialUrl} target="_blank" rel="noopener" className={ui.link}>
            {config.socialLabel}
          </a>
        </nav>
      </div>
    </footer>
  );
}
