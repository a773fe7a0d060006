/**
 * Every message module of the product, by catalog group. A text's catalog id is `group.key`; the web
 * app wraps each module under the same group name (apps/web/src/i18n/), and the catalogs of the other
 * languages translate these ids.
 */
import { accountMessages } from '../account-messages.ts';
import { adminMessages } from '../admin-messages.ts';
import { communityMessages } from '../community-messages.ts';
import { consentMessages } from '../consent-messages.ts';
import { errorMessages } from '../error-messages.ts';
import { legalMessages } from '../legal-messages.ts';
import { coordsMessages } from '../map/coords-messages.ts';
import { editingMessages } from '../map/editing-messages.ts';
import { listMessages } from '../map/list-messages.ts';
import { mapMessages } from '../map/map-messages.ts';
import { preparingMessages } from '../map/preparing.ts';
import { searchMessages } from '../map/search.ts';
import { messages, toolLabels } from '../messages.ts';
import { mixingMessages } from '../mixing-messages.ts';
import { modelMessages } from '../models/model-messages.ts';
import { notificationMessages } from '../notification-messages.ts';
import { pinsMessages } from '../pins/pins-messages.ts';
import { progressMessages } from '../progress-messages.ts';
import { reviewMessages } from '../review-messages.ts';
import { serverMessages } from '../server-messages.ts';
import { servicesMessages } from '../services-messages.ts';
import { suggestMessages } from '../suggest-messages.ts';
import { toolMessages } from '../tool-messages.ts';
import { uiMessages } from '../ui-messages.ts';
import { validationMessages } from '../validation-messages.ts';
import { webhookMessages } from '../webhook-messages.ts';
import type { MessageGroup } from './templates.ts';

export const messageSources = {
  messages,
  toolLabels,
  ui: uiMessages,
  map: mapMessages,
  coords: coordsMessages,
  list: listMessages,
  search: searchMessages,
  editing: editingMessages,
  preparing: preparingMessages,
  mixing: mixingMessages,
  progress: progressMessages,
  pins: pinsMessages,
  review: reviewMessages,
  server: serverMessages,
  services: servicesMessages,
  suggest: suggestMessages,
  tools: toolMessages,
  admin: adminMessages,
  models: modelMessages,
  account: accountMessages,
  legal: legalMessages,
  consent: consentMessages,
  errors: errorMessages,
  community: communityMessages,
  webhooks: webhookMessages,
  notifications: notificationMessages,
  validation: validationMessages,
} as const satisfies Record<string, MessageGroup>;

export type MessageGroupName = keyof typeof messageSources;
