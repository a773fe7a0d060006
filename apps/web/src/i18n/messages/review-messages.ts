import * as shared from '@waypoint/shared/review-messages';
import { translated } from '../translate.ts';

/** The shared texts (review-messages), read in the interface language. */
export const reviewMessages = translated('review', shared.reviewMessages);
