import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { zChangePasswordForm } from '@waypoint/shared/account/schemas';
import type { TGame } from '@waypoint/shared/models/types';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { useGames } from '../../api/queries.ts';
import { useSession } from '../../api/session.ts';
import { withMantine } from '../../app/MantineShell.tsx';
import { toast } from '../../components/toast.ts';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { contentLang } from '../../i18n/content.ts';
import { accountMessages as t } from '../../i18n/messages/account-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { withElements } from '../../i18n/rich.tsx';
import { EmailSetting } from '../notifications/EmailSetting.tsx';
import { ApiTokens } from './ApiTokens.tsx';
import { Contributions } from './Contributions.tsx';
import { applyServerErrors, useSchemaForm } from './form.ts';
import { PasswordField } from './PasswordField.tsx';
import { PortableProgress } from './PortableProgress.tsx';
import { ResetMapDialog } from './ResetMapDialog.tsx';
import { ResetProgressDialog } from './ResetProgressDialog.tsx';
import { Teams } from './Teams.tsx';

function ChangePasswordForm() {
  const form = useSchemaForm(zChangePasswordForm, { oldPassword: '', newPassword: '', confirmPassword: '' });
  const change = useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) =>
      api.post('/users/changePassword', body),
    onSuccess: () => {
      toast.success(messages.passwordChanged);
      form.reset();
    },
    onError: (error) => {
      applyServerErrors(form, error);
      toast.error(t.changePasswordFailure);
    },
  });
  return (
    <form
      onSubmit={form.onSubmit(({ oldPassword, newPassword }) => change.mutate({ oldPassword, newPassword }))}
      noValidate
    >
      <Stack>
        <PasswordField kind="current" label={t.oldPassword} {...form.getInputProps('oldPassword')} />
        <PasswordField kind="new" label={t.newPassword} {...form.getInputProps('newPassword')} />
        <PasswordField kind="new" label={t.confirmPassword} {...form.getInputProps('confirmPassword')} />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t.changePassword}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Profile (SPEC §2.4): change password, reset progress per game, the accepted suggestions per game,
 * export and import all progress, personal API tokens for companion apps.
 */
export function ProfilePage() {
  usePageMeta(t.profile);
  const session = useSession();
  const games = useGames();
  const [resetting, setResetting] = useState<TGame | null>(null);
  const [resettingMap, setResettingMap] = useState<TGame | null>(null);
  return (
    <Container size="sm" py="xl">
      <Title order={1}>{t.profile}</Title>
      <Text c="dimmed" mb="lg">
        {withElements(t.loggedInAs, <span lang={contentLang}>{session?.username}</span>)}
      </Text>
      <Stack gap="xl">
        <Paper withBorder p="lg" component="section" aria-labelledby="password-heading">
          <Title order={2} fz="h3" id="password-heading" mb="md">
            {t.changePassword}
          </Title>
          <ChangePasswordForm />
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="progress-heading">
          <Title order={2} fz="h3" id="progress-heading" mb="md">
            {t.progress}
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {(games.data ?? []).map((game) => (
              <Group component="li" key={game._id} justify="space-between" data-testid="progress-row">
                <Text fw={500} lang={contentLang} id={`progress-game-${game._id}`}>
                  {game.name}
                </Text>
                <Group gap="xs">
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    onClick={() => setResettingMap(game)}
                    id={`progress-reset-map-${game._id}`}
                    aria-labelledby={`progress-reset-map-${game._id} progress-game-${game._id}`}
                  >
                    {t.resetMapProgress}
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    size="compact-sm"
                    onClick={() => setResetting(game)}
                    id={`progress-reset-${game._id}`}
                    // The button's name: its text and the game's name.
                    aria-labelledby={`progress-reset-${game._id} progress-game-${game._id}`}
                  >
                    {t.resetProgress}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="contributions-heading">
          <Contributions />
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="notification-email-heading">
          <EmailSetting />
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="portable-heading">
          <PortableProgress />
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="api-tokens-heading">
          <ApiTokens />
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="teams-heading">
          <Teams />
        </Paper>
      </Stack>
      <ResetProgressDialog game={resetting} onClose={() => setResetting(null)} />
      <ResetMapDialog game={resettingMap} onClose={() => setResettingMap(null)} />
    </Container>
  );
}

export const Component = withMantine(ProfilePage);
