import { Button, Group, NativeSelect, SimpleGrid, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  gameEditions,
  pmcFactions,
  type GameSettings as TGameSettings,
} from '@waypoint/shared/api-tokens/schemas';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { useGames } from '../../api/queries.ts';
import { useSession } from '../../api/session.ts';
import { toast } from '../../components/toast.ts';
import { contentLang } from '../../i18n/content.ts';
import { accountMessages as t } from '../../i18n/messages/account-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';

/**
 * A player's game edition and faction per game: what the token API answers companion apps (the
 * level is the quest tracker's own setting).
 */
export function GameSettings() {
  const session = useSession();
  const client = useQueryClient();
  const games = useGames();
  const [gameId, setGameId] = useState('');
  const chosen = gameId || games.data?.[0]?._id || '';
  const key = ['user', session?.id ?? '', 'game-settings', chosen];
  const stored = useQuery({
    queryKey: key,
    queryFn: () => api.get<TGameSettings>(`/user/game-settings/${encodeURIComponent(chosen)}`),
    enabled: Boolean(session && chosen),
  });
  const [draft, setDraft] = useState<TGameSettings | null>(null);
  useEffect(() => {
    if (stored.data) setDraft({ gameEdition: stored.data.gameEdition, pmcFaction: stored.data.pmcFaction });
  }, [stored.data]);
  const save = useMutation({
    mutationFn: (body: TGameSettings) =>
      api.put<TGameSettings>(`/user/game-settings/${encodeURIComponent(chosen)}`, body),
    onSuccess: () => {
      toast.success(t.gameSettingsSaved);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: () => toast.error(messages.somethingWentWrong),
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="game-settings-heading">
      <Title order={3} fz="h4" id="game-settings-heading">
        {t.gameSettings}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NativeSelect
          label={t.apiTokenGame}
          lang={contentLang}
          value={chosen}
          onChange={(e) => setGameId(e.currentTarget.value)}
          data={(games.data ?? []).map((g) => ({ value: g._id, label: g.name }))}
        />
        <NativeSelect
          label={t.gameEdition}
          value={String(draft?.gameEdition ?? 1)}
          onChange={(e) => draft && setDraft({ ...draft, gameEdition: Number(e.currentTarget.value) })}
          data={gameEditions.map((n) => ({
            value: String(n),
            label: t.gameEditionNames[n - 1] ?? String(n),
          }))}
          disabled={!draft}
        />
        <NativeSelect
          label={t.pmcFaction}
          value={draft?.pmcFaction ?? 'USEC'}
          onChange={(e) =>
            draft && setDraft({ ...draft, pmcFaction: e.currentTarget.value as TGameSettings['pmcFaction'] })
          }
          data={[...pmcFactions]}
          // The factions' names are the game's own.
          translate="no"
          disabled={!draft}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={!draft}
          loading={save.isPending}
          onClick={() => draft && save.mutate(draft)}
        >
          {t.save}
        </Button>
      </Group>
    </Stack>
  );
}
