import { type DigestLanguage, type NotificationView, notificationPath } from '@waypoint/shared';
import { notificationMessages } from '@waypoint/shared/notification-messages';
import { notificationText } from '@waypoint/shared/notifications/text';
import de from '../../../../web/src/i18n/locales/de/notifications.json' with { type: 'json' };
import type { Mail } from '../mail/mailer.ts';

/** Notifications a digest lists one by one; the rest are counted. */
const LISTED = 20;

type Texts = typeof notificationMessages;

/** The translations of the web's catalogs (the same ids), by digest language; English is the source. */
const catalogs: Partial<Record<DigestLanguage, Record<string, string>>> = { de };

/** The message texts in `language`: its catalog's translation of each id, else the English source. */
function textsIn(language: DigestLanguage): Texts {
  const catalog = catalogs[language];
  if (!catalog) return notificationMessages;
  const out: Record<string, unknown> = {};
  for (const [key, english] of Object.entries(notificationMessages)) {
    const template = catalog[`notifications.${key}`];
    if (template === undefined) out[key] = english;
    else if (typeof english === 'function')
      out[key] = (...args: unknown[]) =>
        template.replace(/\{(\d+)\}/g, (_m, i: string) => String(args[Number(i)]));
    else out[key] = template;
  }
  return out as Texts;
}

const lineOf = (t: Texts, n: NotificationView): string =>
  n.reason ? `${notificationText(t, n)}. ${t.reason(n.reason)}` : notificationText(t, n);

/** One digest mail of a user's unread notifications (newest first), in their language. */
export function digestMail(
  to: string,
  language: DigestLanguage,
  notifications: NotificationView[],
  webHost: string,
): Mail {
  const t = textsIn(language);
  const lines = notifications
    .slice(0, LISTED)
    .map((n) => `- ${lineOf(t, n)}\n  ${webHost}${notificationPath(n)}`);
  const more = notifications.length - LISTED;
  return {
    to,
    subject: t.digestSubject(notifications.length),
    text: [
      t.digestIntro,
      '',
      ...lines,
      ...(more > 0 ? ['', t.digestMore(more)] : []),
      '',
      t.digestFooter(`${webHost}/profile`),
      '',
    ].join('\n'),
  };
}
