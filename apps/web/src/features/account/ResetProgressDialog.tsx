import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { constants } from '@waypoint/shared/constants';
import type { TGame } from '@waypoint/shared/models/types';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { toast } from '../../components/toast.ts';
import { contentLang } from '../../i18n/content.ts';
import { accountMessages as t } from '../../i18n/messages/account-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';

/** Confirm dialog: the confirm button appears only once the word reset is typed. */
export function ResetProgressDialog({ game, onClose }: { game: TGame | null; onClose: () => void }) {
  const [word, setWord] = useState('');
  useEffect(() => {
    if (game) setWord('');
  }, [game]);
  const reset = useMutation({
    mutationFn: (gameId: string) => api.post('/users/resetProgress', { gameId }),
    onSuccess: () => {
      toast.success(t.progressReset(game?.name ?? ''));
      onClose();
    },
    onError: () => toast.error(messages.somethingWentWrong),
  });
  const confirmed = word === constants.resetConfirmWord;
  return (
    <Modal
      opened={game !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': messages.close }}
      title={
        <>
          {t.resetProgress}: <span lang={contentLang}>{game?.name ?? ''}</span>
        </>
      }
      centered
    >
      <Stack>
        <Text size="sm">{t.resetProgressHint(constants.resetConfirmWord)}</Text>
        <TextInput
          label={t.confirmation}
          value={word}
          onChange={(e) => setWord(e.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          {confirmed && game ? (
            <Button color="red" loading={reset.isPending} onClick={() => reset.mutate(game._id)}>
              {t.confirm}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
