import { Alert, Badge, Button, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { toast } from '../../components/toast.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { type AdminRecord, useRefreshModel } from './api.ts';
import { type PictureModel, pictureFieldOf, processPicture, processStatusPath } from './images.ts';

interface Status {
  imageProcessStatus: string;
  imageProcessError: string;
  imageProcessProgress: number;
}

const colours: Record<string, string> = { PENDING: 'gray', PROCESSING: 'blue', DONE: 'teal', ERROR: 'red' };
const running = (status: string | undefined) => status === 'PENDING' || status === 'PROCESSING';

/**
 * 'Process Image' for a map or one of its floors: queues the tiling job, then follows its status
 * (PENDING, PROCESSING, DONE or ERROR with its error) and progress live by polling while it runs.
 */
export function ProcessImage({ map, model = 'map' }: { map: AdminRecord; model?: PictureModel }) {
  const refresh = useRefreshModel();
  const queryClient = useQueryClient();
  const statusKey = ['admin', 'processPicture', model, map._id];
  const start = useMutation({
    mutationFn: () => processPicture(model, map),
    // The press shows the job as queued at once, so the last run's DONE is never read as this one's.
    onMutate: () =>
      queryClient.setQueryData<Status>(statusKey, (old) => ({
        imageProcessError: '',
        ...old,
        imageProcessStatus: 'PENDING',
        imageProcessProgress: 0,
      })),
    onSuccess: async () => {
      await queryClient.refetchQueries({ queryKey: statusKey });
      await refresh(model);
    },
    onError: async (error) => {
      toast.error(error.message || messages.genericError);
      await queryClient.refetchQueries({ queryKey: statusKey });
    },
  });
  const status = useQuery({
    queryKey: statusKey,
    queryFn: () => api.get<Status>(processStatusPath(model, map._id)),
    // No poll while the request is on its way: it could still read the last run's status.
    refetchInterval: (query) =>
      !start.isPending && running(query.state.data?.imageProcessStatus) ? 500 : false,
  });
  const current = status.data;
  const state = current?.imageProcessStatus ?? String(map.imageProcessStatus ?? 'NONE');
  const progress = current?.imageProcessProgress ?? 0;
  const hasImage = Boolean((map.images as Record<string, unknown> | undefined)?.[pictureFieldOf[model]]);
  return (
    <Card withBorder padding="sm" data-testid="process-image">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{t.mapTiles}</Text>
          <Badge color={colours[state] ?? 'gray'} data-testid="process-status">
            {state}
          </Badge>
        </Group>
        <Progress
          value={state === 'DONE' ? 100 : progress}
          animated={running(state)}
          aria-label={t.processingProgress}
          data-testid="process-progress"
          data-value={state === 'DONE' ? 100 : progress}
        />
        {state === 'ERROR' && current?.imageProcessError ? (
          <Alert color="red" variant="light">
            {current.imageProcessError}
          </Alert>
        ) : null}
        <Button
          size="xs"
          onClick={() => start.mutate()}
          loading={start.isPending}
          disabled={!hasImage || running(state)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t.processImage}
        </Button>
        {!hasImage ? (
          <Text size="xs" c="dimmed">
            {t.addMapImageFirst}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
