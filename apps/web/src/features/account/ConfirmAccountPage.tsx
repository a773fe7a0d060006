import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../api/client.ts';
import { withMantine } from '../../app/MantineShell.tsx';
import { toast } from '../../components/toast.ts';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { accountMessages as t } from '../../i18n/messages/account-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { AuthCard } from './AuthCard.tsx';
import { errorMessage } from './form.ts';

/** Account confirmation from the e-mailed link (SPEC §2.4): success goes home. */
export function ConfirmAccountPage() {
  usePageMeta(t.confirmAccount);
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const confirm = useMutation({
    mutationFn: () => api.get(`/users/confirm/${encodeURIComponent(hash)}`),
    onSuccess: () => {
      toast.success(messages.accountConfirmed);
      navigate('/', { replace: true });
    },
    onError: (error) => toast.error(errorMessage(error, messages.somethingWentWrong)),
  });
  return (
    <AuthCard title={t.confirmAccount}>
      <Text mb="md">{t.confirmLead}</Text>
      <Button fullWidth loading={confirm.isPending} onClick={() => confirm.mutate()}>
        {t.clickToConfirm}
      </Button>
    </AuthCard>
  );
}

export const Component = withMantine(ConfirmAccountPage);
