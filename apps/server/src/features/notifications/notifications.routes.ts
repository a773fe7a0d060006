import {
  zMarkAllRead,
  zNotificationListQuery,
  zNotificationParams,
  zNotificationSettings,
} from '@waypoint/shared';
import type { FastifyInstance } from 'fastify';
import { parse } from '../../http/errors.ts';
import type { NotificationService } from './notifications.service.ts';

/** The caller's own notifications (the bell) and their e-mail opt-in; every route needs a login. */
export function registerNotificationRoutes(app: FastifyInstance, notifications: NotificationService) {
  const user = { config: { role: 'user' as const } };

  app.get('/api/notifications', user, async (request) => {
    const { limit, skip } = parse(zNotificationListQuery, request.query, 'query');
    return notifications.list(request.user!.id, limit, skip);
  });

  app.get('/api/notifications/unread', user, async (request) => notifications.unread(request.user!.id));

  app.post('/api/notifications/:id/read', user, async (request) => {
    const { id } = parse(zNotificationParams, request.params, 'params');
    return notifications.markRead(request.user!.id, id);
  });

  app.post('/api/notifications/read-all', user, async (request) =>
    notifications.markAllRead(request.user!.id, parse(zMarkAllRead, request.body, 'body').upTo),
  );

  app.get('/api/notifications/settings', user, async (request) => notifications.settings(request.user!.id));

  app.put('/api/notifications/settings', user, async (request) =>
    notifications.saveSettings(request.user!.id, parse(zNotificationSettings, request.body, 'body')),
  );
}
