import { withMantine } from '../../app/MantineShell.tsx';
import './kit-styles.ts';
import { ReviewPage } from './ReviewPage.tsx';

/** Suggestion review (SPEC §2.12, admins): route entry. */
export const Component = withMantine(ReviewPage);
