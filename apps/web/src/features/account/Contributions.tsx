import { Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Contributions as ContributionsAnswer } from '@waypoint/shared/community/schemas';
import { api } from '../../api/client.ts';
import { contentLang } from '../../i18n/content.ts';
import { accountMessages as t } from '../../i18n/messages/account-messages.ts';

/** The user's standing as a contributor: their accepted suggestions, counted per game. */
export function Contributions() {
  const answer = useQuery({
    queryKey: ['user', 'contributions'],
    queryFn: () => api.get<ContributionsAnswer>('/users/contributions'),
  });
  const games = answer.data?.games ?? [];
  return (
    <>
      <Title order={2} fz="h3" id="contributions-heading" mb="md">
        {t.contributions}
      </Title>
      {answer.data && games.length === 0 ? <Text c="dimmed">{t.contributionsNone}</Text> : null}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {games.map((g) => (
          <Group component="li" key={g.gameId} justify="space-between" data-testid="contribution-row">
            <Text fw={500} lang={contentLang}>
              {g.gameName || g.gameId}
            </Text>
            <Text>{t.contributionsCount(g.accepted)}</Text>
          </Group>
        ))}
      </Stack>
    </>
  );
}
