import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { zForgotPassword } from '@waypoint/shared/account/schemas';
import { Link } from 'react-router';
import { api } from '../../api/client.ts';
import { withMantine } from '../../app/MantineShell.tsx';
import { toast } from '../../components/toast.ts';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { accountMessages as t } from '../../i18n/messages/account-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { AuthCard } from './AuthCard.tsx';
import { errorMessage, useSchemaForm } from './form.ts';

/** Forgot password (SPEC §2.4): one required e-mail field. */
export function ForgotPasswordPage() {
  usePageMeta(t.forgotPassword);
  const form = useSchemaForm(zForgotPassword, { email: '' });
  const send = useMutation({
    mutationFn: (body: { email: string }) => api.post('/users/forgotPassword', body),
    onSuccess: () => toast.success(messages.checkInbox),
    onError: (error) => toast.error(errorMessage(error, messages.somethingWentWrong)),
  });
  return (
    <AuthCard title={t.forgotPassword} lead={t.forgotLead}>
      <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate>
        <Stack>
          <TextInput
            label={t.email}
            placeholder={t.enterEmail}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={send.isPending} fullWidth>
            {t.sendRecoveryLink}
          </Button>
          {send.isSuccess ? (
            <Anchor component={Link} to="/login" size="sm" ta="center" role="status">
              {messages.checkInbox} {t.backToLogin}
            </Anchor>
          ) : null}
        </Stack>
      </form>
    </AuthCard>
  );
}

export const Component = withMantine(ForgotPasswordPage);
