import { Button, Container, Group, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type SuggestionType, suggestionTypes } from '@waypoint/shared/models/enums';
import { gamesWith } from '@waypoint/shared/roles/roles';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useGames } from '../../api/queries.ts';
import { useSession } from '../../api/session.ts';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { communityMessages as c } from '../../i18n/messages/community-messages.ts';
import { reviewMessages as t } from '../../i18n/messages/review-messages.ts';
import { useRoleHolder } from '../community/standing.ts';
import { useCounts, useRemoveUserSuggestions } from './api.ts';
import { HistoryTab } from './HistoryTab.tsx';
import { MarkerSummary } from './MarkerSummary.tsx';
import { setReviewGame } from './queries.ts';
import { SuggestionTable } from './SuggestionTable.tsx';

const historyTab = 'HISTORY';

/**
 * /suggestion-review (SPEC §2.12): admins decide the community's suggestions; a moderator the
 * suggestions of the games they moderate, one game at a time (`game` in the address).
 */
export function ReviewPage() {
  usePageMeta(t.title);
  const session = useSession();
  const holder = useRoleHolder();
  const games = useGames();
  const [search, setSearch] = useSearchParams();
  const admin = session?.admin === true;
  const moderated = gamesWith(holder, 'moderate');
  const game = admin
    ? (search.get('game') ?? '')
    : moderated.includes(search.get('game') ?? '')
      ? search.get('game')!
      : (moderated[0] ?? '');
  if (!admin && !holder?.standing) return null;
  // A player who moderates no game is sent to the login route, as on the admin pages (SPEC §2.12).
  if (!admin && !game) return <Navigate replace to="/login?denied=1&nextUrl=%2Fsuggestion-review" />;
  return (
    <ReviewBoard
      key={game}
      game={game}
      admin={admin}
      moderated={moderated}
      names={games.data}
      search={search}
      setSearch={setSearch}
    />
  );
}

function ReviewBoard({
  game,
  admin,
  moderated,
  names,
  search,
  setSearch,
}: {
  game: string;
  admin: boolean;
  moderated: string[];
  names: { _id: string; name: string }[] | undefined;
  search: URLSearchParams;
  setSearch: ReturnType<typeof useSearchParams>[1];
}) {
  // Set before the queries below are built: they name the game.
  setReviewGame(game);
  const tab = search.get('type') ?? 'PLACED_MARKER';
  const [typed, setTyped] = useState(search.get('user') ?? '');
  const [username] = useDebouncedValue(typed.trim(), 250);
  const counts = useCounts(username);
  const remove = useRemoveUserSuggestions();
  const user = counts.data?.user;

  const setTab = (value: string | null) =>
    setSearch(
      (s) => {
        s.set('type', value ?? 'PLACED_MARKER');
        return s;
      },
      { replace: true },
    );

  return (
    <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t.title}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          {!admin && (
            <Select
              label={c.yourGames}
              data={moderated.map((id) => ({
                value: id,
                label: names?.find((g) => g._id === id)?.name ?? id,
              }))}
              value={game}
              allowDeselect={false}
              onChange={(value) =>
                setSearch(
                  (s) => {
                    s.set('game', value ?? '');
                    return s;
                  },
                  { replace: true },
                )
              }
              style={{ flex: '0 1 220px' }}
            />
          )}
          <TextInput
            label={t.userNameLabel}
            placeholder={t.userNamePlaceholder}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            style={{ flex: '1 1 220px', maxWidth: 360 }}
          />
          {admin && (
            <Button
              variant="default"
              disabled={!username || !user?.exists || user.open === 0}
              loading={remove.isPending}
              onClick={() => remove.mutate(user?.username ?? username)}
            >
              {t.removeAllUserSuggestions}
            </Button>
          )}
        </Group>
        {user && (
          <Text role="status" size="sm">
            {user.exists ? t.userCount(user.username, user.open) : t.userUnknown(user.username)}
          </Text>
        )}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
            {suggestionTypes.map((type) => (
              <Tabs.Tab key={type} value={type}>
                {t.tab(t.typeLabels[type], counts.data?.types[type] ?? 0)}
              </Tabs.Tab>
            ))}
            <Tabs.Tab value={historyTab}>{t.history}</Tabs.Tab>
          </Tabs.List>
          {suggestionTypes.map((type) => (
            <Tabs.Panel key={type} value={type} pt="md">
              <Stack gap="md">
                <Title order={2} size="h4">
                  {t.suggestionType(t.typeLabels[type])}
                </Title>
                {type === 'PLACED_MARKER' && (
                  <Stack gap="xs">
                    <Title order={3} size="h5">
                      {t.placedMarkersByMap}
                    </Title>
                    <MarkerSummary username={username} />
                  </Stack>
                )}
                <SuggestionTable type={type as SuggestionType} username={username} active={tab === type} />
              </Stack>
            </Tabs.Panel>
          ))}
          <Tabs.Panel value={historyTab} pt="md">
            <HistoryTab />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
