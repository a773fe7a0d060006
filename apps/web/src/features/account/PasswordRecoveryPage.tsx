import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { zPasswordRecoveryForm } from '@waypoint/shared/account/schemas';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../api/client.ts';
import { withMantine } from '../../app/MantineShell.tsx';
import { toast } from '../../components/toast.ts';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { accountMessages as t } from '../../i18n/messages/account-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { AuthCard } from './AuthCard.tsx';
import { errorMessage, useSchemaForm } from './form.ts';
import { PasswordField } from './PasswordField.tsx';

/** Password recovery from the e-mailed link (SPEC §2.4): success goes home. */
export function PasswordRecoveryPage() {
  usePageMeta(t.choosePassword);
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const form = useSchemaForm(zPasswordRecoveryForm, { newPassword: '', confirmPassword: '' });
  const recover = useMutation({
    mutationFn: (newPassword: string) => api.post('/users/passwordRecovery', { hash, newPassword }),
    onSuccess: () => {
      toast.success(messages.passwordChanged);
      navigate('/', { replace: true });
    },
    // SPEC §5: a link that does not exist toasts 'Passwords must be the same'; the reason shows in the form.
    onError: () => toast.error(messages.passwordsMustMatch),
  });
  return (
    <AuthCard title={t.choosePassword}>
      <form
        onSubmit={form.onSubmit(
          (values) => recover.mutate(values.newPassword),
          (errors) => {
            if (errors.confirmPassword === messages.passwordsMustMatch)
              toast.error(messages.passwordsMustMatch);
          },
        )}
        noValidate
      >
        <Stack>
          <PasswordField kind="new" label={t.newPassword} {...form.getInputProps('newPassword')} />
          <PasswordField kind="new" label={t.confirmPassword} {...form.getInputProps('confirmPassword')} />
          {recover.isError ? (
            <Alert color="red" role="alert" variant="light">
              {errorMessage(recover.error, messages.somethingWentWrong)}
            </Alert>
          ) : null}
          <Button type="submit" loading={recover.isPending} fullWidth>
            {t.saveNewPassword}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

export const Component = withMantine(PasswordRecoveryPage);
