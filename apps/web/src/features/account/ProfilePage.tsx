import { Button, Container, Group, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
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
import { messages } from '../../i18n/messages/messages.ts';
import { applyServerErrors, useSchemaForm } from './form.ts';
import { PortableProgress } from './PortableProgress.tsx';
import { ResetProgressDialog } from './ResetProgressDialog.tsx';

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
      toast.error(messages.changePasswordFailure);
    },
  });
  return (
    <form
      onSubmit={form.onSubmit(({ oldPassword, newPassword }) => change.mutate({ oldPassword, newPassword }))}
      noValidate
    >
      <Stack>
        <PasswordInput
          label="Old password"
          autoComplete="current-password"
          required
          {...form.getInputProps('oldPassword')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Profile (SPEC §2.4): change password, reset progress per game, export and import all progress. */
export function ProfilePage() {
  usePageMeta('Profile');
  const session = useSession();
  const games = useGames();
  const [resetting, setResetting] = useState<TGame | null>(null);
  return (
    <Container size="sm" py="xl">
      <Title order={1}>Profile</Title>
      <Text c="dimmed" mb="lg">
        Logged in as {session?.username}
      </Text>
      <Stack gap="xl">
        <Paper withBorder p="lg" component="section" aria-labelledby="password-heading">
          <Title order={2} fz="h3" id="password-heading" mb="md">
            Change password
          </Title>
          <ChangePasswordForm />
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="progress-heading">
          <Title order={2} fz="h3" id="progress-heading" mb="md">
            Progress
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {(games.data ?? []).map((game) => (
              <Group
                component="li"
                key={game._id}
                justify="space-between"
                wrap="nowrap"
                data-testid="progress-row"
              >
                <Text fw={500}>{game.name}</Text>
                <Button
                  variant="light"
                  color="red"
                  size="compact-sm"
                  onClick={() => setResetting(game)}
                  aria-label={`${messages.resetProgress}: ${game.name}`}
                >
                  {messages.resetProgress}
                </Button>
              </Group>
            ))}
          </Stack>
        </Paper>
        <Paper withBorder p="lg" component="section" aria-labelledby="portable-heading">
          <PortableProgress />
        </Paper>
      </Stack>
      <ResetProgressDialog game={resetting} onClose={() => setResetting(null)} />
    </Container>
  );
}

export const Component = withMantine(ProfilePage);
