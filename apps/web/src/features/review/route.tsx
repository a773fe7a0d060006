import { withMantine } from '../../app/MantineShell.tsx';
import './kit-styles.ts';
import { UsersPage } from '../admin/UsersPage.tsx';
import { ReviewPage } from './ReviewPage.tsx';

/** Suggestion review (SPEC §2.12, admins and moderators): route entry. */
export const Component = withMantine(ReviewPage);

/**
 * The community's users page (admins and moderators) shares this route's code: both are the
 * moderation tools, and one chunk keeps every page's start-up list of chunks shorter.
 */
export const UsersComponent = withMantine(UsersPage);
