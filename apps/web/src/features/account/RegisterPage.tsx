import { Alert, Anchor, Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { zRegisterForm } from '@waypoint/shared/account/schemas';
import { Link } from 'react-router';
import { api } from '../../api/client.ts';
import { withMantine } from '../../app/MantineShell.tsx';
import { toast } from '../../components/toast.ts';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { accountMessages as t } from '../../i18n/messages/account-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { withElements } from '../../i18n/rich.tsx';
import { AuthCard } from './AuthCard.tsx';
import { applyServerErrors, errorMessage, useSchemaForm } from './form.ts';
import { PasswordField } from './PasswordField.tsx';

/** Register (SPEC §2.4, §5): nothing is sent while the form is invalid. */
export function RegisterPage() {
  usePageMeta(t.register);
  const form = useSchemaForm(zRegisterForm, {
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
    consent: false,
  });
  const register = useMutation({
    mutationFn: (body: { username: string; email: string; password: string }) =>
      api.post<{ message: string }>('/users/register', body),
    onSuccess: () => {
      toast.success(messages.registerSuccess);
      form.reset();
    },
    onError: (error) => {
      // The toast is the SPEC's text; the server's reason shows on its field, or above the button.
      applyServerErrors(form, error);
      toast.error(t.registerFailure);
    },
  });

  return (
    <AuthCard
      title={t.register}
      lead={
        <>
          {t.alreadyRegistered}{' '}
          <Anchor component={Link} to="/login" underline="always">
            {t.login}
          </Anchor>
        </>
      }
    >
      {register.isSuccess ? (
        <Alert color="teal" title={messages.registerSuccess} mb="md" role="status">
          {t.registerCheckInbox}
        </Alert>
      ) : null}
      <form
        onSubmit={form.onSubmit(({ username, email, password }) =>
          register.mutate({ username, email, password }),
        )}
        noValidate
      >
        <Stack>
          <TextInput
            label={t.username}
            autoComplete="username"
            required
            {...form.getInputProps('username')}
          />
          <TextInput
            label={t.email}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordField kind="new" label={t.password} {...form.getInputProps('password')} />
          <PasswordField kind="new" label={t.confirmPassword} {...form.getInputProps('confirmPassword')} />
          <Checkbox
            label={
              <Text span size="sm">
                {withElements(
                  t.agreeTo,
                  <Anchor component={Link} to="/privacy" target="_blank" underline="always">
                    {t.privacyPolicy}
                  </Anchor>,
                )}
              </Text>
            }
            {...form.getInputProps('consent', { type: 'checkbox' })}
          />
          {register.isError && Object.keys(form.errors).length === 0 ? (
            <Alert color="red" role="alert" variant="light">
              {errorMessage(register.error, messages.somethingWentWrong)}
            </Alert>
          ) : null}
          <Button type="submit" loading={register.isPending} fullWidth>
            {t.register}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export const Component = withMantine(RegisterPage);
