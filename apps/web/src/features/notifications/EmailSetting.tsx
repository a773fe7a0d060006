import { Stack, Switch, Text, Title } from '@mantine/core';
import { type DigestLanguage, digestLanguages } from '@waypoint/shared/notifications/schemas';
import { toast } from '../../components/toast.ts';
import { currentLocale } from '../../i18n/locale.ts';
import { notificationMessages as t } from '../../i18n/messages/notification-messages.ts';
import { useNotificationSettings, useSaveNotificationSettings } from './api.ts';
import './kit-styles.ts';

/** The profile's e-mail opt-in: a digest of unread notifications, in the interface language chosen now. */
export function EmailSetting() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const locale = currentLocale();
  const language: DigestLanguage = (digestLanguages as readonly string[]).includes(locale)
    ? (locale as DigestLanguage)
    : 'en';
  return (
    <Stack gap="xs">
      <Title order={2} fz="h3" id="notification-email-heading">
        {t.emailTitle}
      </Title>
      <Switch
        label={t.emailSwitch}
        description={t.emailHint}
        checked={save.isPending ? save.variables.email : (settings.data?.email ?? false)}
        disabled={!settings.data}
        onChange={(e) =>
          save.mutate(
            { email: e.currentTarget.checked, language },
            { onSuccess: () => toast.success(t.emailSaved) },
          )
        }
        data-testid="notification-email"
      />
      {settings.isError ? <Text c="red">{t.loadFailed}</Text> : null}
    </Stack>
  );
}
