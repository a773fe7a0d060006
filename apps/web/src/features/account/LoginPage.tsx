import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type LoginAnswer, zLogin } from '@waypoint/shared/account/schemas';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { storeToken, useSession } from '../../api/session.ts';
import { safeNextPath } from '../../app/guards.tsx';
import { withMantine } from '../../app/MantineShell.tsx';
import { toast } from '../../components/toast.ts';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { accountMessages as t } from '../../i18n/messages/account-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { AuthCard } from './AuthCard.tsx';
import { applyServerErrors, errorMessage, useSchemaForm } from './form.ts';
import { PasswordField } from './PasswordField.tsx';

/** Login (SPEC §2.4): afterwards go to nextUrl, else postRoute, else home. */
export function LoginPage() {
  usePageMeta(t.login);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const form = useSchemaForm(zLogin, { email: '', password: '' });
  const login = useMutation({
    mutationFn: (body: { email: string; password: string }) => api.post<LoginAnswer>('/users/login', body),
    onMutate: () => ({ progress: toast.pending(t.logging) }),
    onSuccess: (answer, _body, context) => {
      storeToken(answer.token);
      context.progress.success(t.loggingSuccess);
      const next = safeNextPath(params.get('nextUrl')) ?? safeNextPath(params.get('postRoute')) ?? '/';
      navigate(next, { replace: true });
    },
    onError: (error, _body, context) => {
      applyServerErrors(form, error);
      const failure = t.loggingFailure(errorMessage(error, messages.somethingWentWrong));
      if (context) context.progress.error(failure);
      else toast.error(failure);
    },
  });
  const suffix = params.toString() ? `?${params.toString()}` : '';

  return (
    <AuthCard title={t.login} lead={t.loginLead}>
      <form onSubmit={form.onSubmit((values) => login.mutate(values))} noValidate>
        <Stack>
          {session && params.get('denied') ? (
            <Alert color="orange" role="alert" data-testid="admin-only">
              {t.adminOnly(session.username)}
            </Alert>
          ) : null}
          <TextInput
            label={t.email}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <PasswordField kind="current" label={t.password} {...form.getInputProps('password')} />
          <Button type="submit" loading={login.isPending} fullWidth>
            {t.login}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to={`/register${suffix}`} size="sm">
              {t.createAccount}
            </Anchor>
            <Anchor component={Link} to="/forgotPassword" size="sm">
              {t.forgotPasswordLink}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}

export const Component = withMantine(LoginPage);
