import { withMantine } from '../../app/MantineShell.tsx';
import { InGameAppPage } from './InGameAppPage.tsx';
import './kit-styles.ts';

/** In-game overlay app promo (SPEC §2.11): route entry. */
export const Component = withMantine(InGameAppPage);
