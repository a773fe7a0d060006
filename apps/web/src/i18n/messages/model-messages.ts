import * as shared from '@waypoint/shared/models/model-messages';
import { translated } from '../translate.ts';

/** The shared texts (models/model-messages), read in the interface language. */
export const modelMessages = translated('models', shared.modelMessages);
