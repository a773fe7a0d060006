import { Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TGame } from '@waypoint/shared/models/types';
import type { MarkerProgress } from '@waypoint/shared/progress/schemas';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { toast } from '../../components/toast.ts';
import { contentLang } from '../../i18n/content.ts';
import { accountMessages as t } from '../../i18n/messages/account-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';

/** The per-map reset: one map of the game whose found markers are cleared, after a confirmation. */
export function ResetMapDialog({ game, onClose }: { game: TGame | null; onClose: () => void }) {
  const session = useSession();
  const client = useQueryClient();
  const key = ['user', session?.id ?? '', 'marker-progress', game?._id ?? ''];
  const progress = useQuery({
    queryKey: key,
    queryFn: () =>
      api.get<MarkerProgress>(`/usercompletedmarkers/progress/${encodeURIComponent(game?._id ?? '')}`),
    enabled: Boolean(session && game),
  });
  const [mapId, setMapId] = useState<string | null>(null);
  useEffect(() => {
    if (game) setMapId(null);
  }, [game]);
  const maps = (progress.data?.maps ?? []).filter((m) => m.found > 0);
  const chosen = maps.find((m) => m.mapId === mapId);
  const reset = useMutation({
    mutationFn: (id: string) => api.post('/usercompletedmarkers/resetMap', { mapId: id }),
    onSuccess: () => {
      toast.success(t.mapProgressReset(chosen?.name ?? ''));
      void client.invalidateQueries({ queryKey: ['user', session?.id ?? ''] });
      onClose();
    },
    onError: () => toast.error(messages.somethingWentWrong),
  });
  return (
    <Modal
      opened={game !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': messages.close }}
      title={
        <>
          {t.resetMapProgress}: <span lang={contentLang}>{game?.name ?? ''}</span>
        </>
      }
      centered
    >
      <Stack>
        <NativeSelect
          label={t.map}
          data={[
            { value: '', label: maps.length === 0 ? t.noMapProgress : '—' },
            ...maps.map((m) => ({ value: m.mapId, label: `${m.name} (${m.found}/${m.total})` })),
          ]}
          value={mapId ?? ''}
          onChange={(e) => setMapId(e.currentTarget.value || null)}
          disabled={maps.length === 0}
          data-autofocus
        />
        {chosen ? <Text size="sm">{t.resetMapQuestion(chosen.name, chosen.found)}</Text> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button
            color="red"
            disabled={!chosen}
            loading={reset.isPending}
            onClick={() => chosen && reset.mutate(chosen.mapId)}
          >
            {t.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
