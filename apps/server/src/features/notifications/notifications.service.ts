import {
  type DigestLanguage,
  type NotificationPage,
  type NotificationSettings,
  serverMessages,
  type UnreadCount,
} from '@waypoint/shared';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import {
  countNotifications,
  digestSettingOf,
  listNotifications,
  markAllRead,
  markRead,
  saveDigestSetting,
} from './notifications.repository.ts';

/** A user's own notifications and e-mail opt-in: nobody reads or marks anyone else's. */
export function createNotificationService(db: Db) {
  const k = db.kysely;
  const unread = async (userId: string): Promise<UnreadCount> => ({
    unread: await countNotifications(k, userId, true),
  });
  return {
    async list(userId: string, limit: number, skip: number): Promise<NotificationPage> {
      const [data, total, count] = await Promise.all([
        listNotifications(k, userId, limit, skip),
        countNotifications(k, userId, false),
        countNotifications(k, userId, true),
      ]);
      return { data, total, unread: count };
    },
    unread,
    async markRead(userId: string, id: string): Promise<UnreadCount> {
      if (!(await markRead(k, userId, id, new Date().toISOString())))
        throw notFound(serverMessages.notFound('Notification', id));
      return unread(userId);
    },
    async markAllRead(userId: string, upTo: string): Promise<UnreadCount> {
      await markAllRead(k, userId, new Date().toISOString(), upTo);
      return unread(userId);
    },
    async settings(userId: string): Promise<NotificationSettings> {
      const row = await digestSettingOf(k, userId);
      return { email: row?.email === 1, language: (row?.language ?? 'en') as DigestLanguage };
    },
    async saveSettings(userId: string, settings: NotificationSettings): Promise<NotificationSettings> {
      await saveDigestSetting(k, userId, settings.email, settings.language);
      return settings;
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
