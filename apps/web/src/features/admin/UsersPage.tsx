import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BanView, UserDetail, UserSummary } from '@waypoint/shared/community/schemas';
import {
  can,
  type GameRole,
  gameRoles,
  gameRoleTable,
  gamesWith,
  type RoleHolder,
} from '@waypoint/shared/roles/roles';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../api/client.ts';
import { useGames } from '../../api/queries.ts';
import { useSession } from '../../api/session.ts';
import { toast } from '../../components/toast.ts';
import { usePageMeta } from '../../components/usePageMeta.ts';
import { contentLang } from '../../i18n/content.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { communityMessages as t } from '../../i18n/messages/community-messages.ts';
import { useRoleHolder } from '../community/standing.ts';
import './kit-styles.ts';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));
// Dates read as everywhere else in the interface (the ban notice a banned user sees included).
const when = (iso: string) => formatDateTime(iso);

/**
 * /admin/users: search users; see one's suggestions, decisions, roles, role history and bans;
 * grant and revoke roles, ban and lift bans. Admins act in every game; a moderator in the game
 * chosen at the top (one they moderate), where they name trusted editors and ban.
 */
export function UsersPage() {
  usePageMeta(t.usersTitle);
  const session = useSession();
  const holder = useRoleHolder();
  const games = useGames();
  const [search, setSearch] = useSearchParams();
  const admin = session?.admin === true;
  const moderated = gamesWith(holder, 'moderate');
  const wanted = search.get('game') ?? '';
  const game = admin ? wanted : moderated.includes(wanted) ? wanted : (moderated[0] ?? '');
  const [typed, setTyped] = useState('');
  const [text] = useDebouncedValue(typed.trim(), 250);
  const selected = search.get('user') ?? '';
  const scope = game ? `gameId=${encodeURIComponent(game)}&` : '';
  const nameOf = (id: string) => games.data?.find((g) => g._id === id)?.name ?? id;
  const gameOptions = (admin ? (games.data ?? []).map((g) => g._id) : moderated).map((id) => ({
    value: id,
    label: nameOf(id),
  }));

  const users = useQuery({
    queryKey: ['community', 'users', game, text],
    queryFn: () => api.get<{ data: UserSummary[] }>(`/admin/users?${scope}q=${encodeURIComponent(text)}`),
    enabled: admin || Boolean(game),
  });
  const set = (key: string, value: string) =>
    setSearch(
      (s) => {
        s.set(key, value);
        return s;
      },
      { replace: true },
    );

  if (!admin && !holder?.standing) return null;
  if (!admin && !game) {
    return (
      <Container size="sm" py="md">
        <Alert color="yellow">{t.moderatorRequired}</Alert>
      </Container>
    );
  }
  return (
    <Container size="xl" py="md" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t.usersTitle}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          {!admin && (
            <Select
              label={t.yourGames}
              data={gameOptions}
              value={game}
              allowDeselect={false}
              onChange={(value) => set('game', value ?? '')}
              style={{ flex: '0 1 220px' }}
            />
          )}
          <TextInput
            label={t.searchUsers}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            style={{ flex: '1 1 220px', maxWidth: 360 }}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Paper
            withBorder
            p="xs"
            aria-label={t.usersTitle}
            component="section"
            style={{ alignSelf: 'start' }}
          >
            {users.data?.data.length === 0 && <Text c="dimmed">{t.noUsers}</Text>}
            <Stack gap={4}>
              {users.data?.data.map((u) => (
                <UnstyledButton
                  key={u.id}
                  onClick={() => set('user', u.id)}
                  aria-current={u.id === selected ? 'true' : undefined}
                  p={6}
                  style={{
                    borderRadius: 4,
                    background: u.id === selected ? 'var(--mantine-color-default-hover)' : undefined,
                  }}
                >
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" truncate>
                      {u.username}
                    </Text>
                    {u.admin && <Badge size="xs">{t.adminBadge}</Badge>}
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          </Paper>
          <div style={{ gridColumn: 'span 2', minWidth: 0 }}>
            {selected && (
              <UserPanel
                key={selected + game}
                userId={selected}
                admin={admin}
                holder={holder}
                game={game}
                scope={scope}
                gameOptions={gameOptions}
                nameOf={nameOf}
              />
            )}
          </div>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

function UserPanel(props: {
  userId: string;
  admin: boolean;
  holder: RoleHolder | null;
  game: string;
  scope: string;
  gameOptions: { value: string; label: string }[];
  nameOf: (id: string) => string;
}) {
  const { userId, admin, holder, game, scope, gameOptions, nameOf } = props;
  const client = useQueryClient();
  const key = ['community', 'user', userId, game];
  const detail = useQuery({
    queryKey: key,
    queryFn: () => api.get<UserDetail>(`/admin/users/${encodeURIComponent(userId)}?${scope}`),
  });
  const done = () => client.invalidateQueries({ queryKey: ['community'] });
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onError: (error) => toast.error(reason(error)),
    onSettled: done,
  });
  const [roleGame, setRoleGame] = useState(game);
  // The roles the user may grant, widest first as the table lists them; the narrowest is proposed.
  const grantable = gameRoles.filter((r) => can(holder, gameRoleTable[r].grantedWith, roleGame || game));
  const [role, setRole] = useState<GameRole>(() => grantable[grantable.length - 1] ?? gameRoles[0]);
  const [banGame, setBanGame] = useState(game);
  const [banReason, setBanReason] = useState('');
  // A week from now, in the browser's time as the date-time field shows it.
  const [endsAt, setEndsAt] = useState(() => {
    const d = new Date(Date.now() + 7 * 86_400_000);
    return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  });
  const [rejectOpen, setRejectOpen] = useState(true);
  const d = detail.data;
  if (!d) return null;
  // The role history keeps roles the table may no longer have: those show their id.
  const roleLabel = (r: string) => (r in gameRoleTable ? t[gameRoleTable[r as GameRole].label] : r);
  const where = (b: BanView) => (b.gameId ? nameOf(b.gameId) : t.allGames);
  const change = (path: string, body: object) => act.mutate(() => api.post(path, body));

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Title order={2} size="h3">
          {d.user.username}
        </Title>
        {d.user.admin && <Badge>{t.adminBadge}</Badge>}
      </Group>
      <Section title={t.roles} empty={d.roles.length === 0}>
        <Stack gap={4}>
          {d.roles.map((r) => (
            <Group key={r.gameId + r.role} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {roleLabel(r.role)} · {nameOf(r.gameId)}
              </Text>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => change('/admin/roles/revoke', { userId, gameId: r.gameId, role: r.role })}
              >
                {t.revoke}
              </Button>
            </Group>
          ))}
        </Stack>
        <Group align="flex-end" gap="xs" mt="sm" wrap="wrap">
          <Select
            label={t.game}
            data={gameOptions}
            value={roleGame || null}
            onChange={(v) => setRoleGame(v ?? '')}
            style={{ flex: '1 1 160px' }}
          />
          <Select
            label={t.role}
            data={grantable.map((r) => ({ value: r, label: roleLabel(r) }))}
            value={role}
            allowDeselect={false}
            onChange={(v) => setRole((v as GameRole | null) ?? role)}
            style={{ flex: '1 1 160px' }}
          />
          <Button
            disabled={!roleGame}
            onClick={() => change('/admin/roles', { userId, gameId: roleGame, role })}
          >
            {t.grant}
          </Button>
        </Group>
      </Section>
      <Section title={t.bans} empty={d.bans.length === 0}>
        <Stack gap={4}>
          {d.bans.map((b) => (
            <Group key={b.id} justify="space-between" wrap="nowrap">
              <Text
                size="sm"
                td={b.liftedAt || b.endsAt < new Date().toISOString() ? 'line-through' : undefined}
              >
                {t.banLine(where(b), when(b.endsAt), b.reason, b.byUsername)}
                {b.liftedAt ? ` (${t.lifted})` : ''}
              </Text>
              {!b.liftedAt && (
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() =>
                    act.mutate(() => api.delete(`/admin/bans/${encodeURIComponent(b.id)}?${props.scope}`))
                  }
                >
                  {t.lift}
                </Button>
              )}
            </Group>
          ))}
        </Stack>
        {!d.user.admin && (
          <Stack gap="xs" mt="sm">
            <Group align="flex-end" gap="xs" wrap="wrap">
              <Select
                label={t.game}
                data={[...(admin ? [{ value: '', label: t.allGames }] : []), ...gameOptions]}
                value={banGame}
                allowDeselect={false}
                onChange={(v) => setBanGame(v ?? '')}
                style={{ flex: '1 1 160px' }}
              />
              <TextInput
                label={t.endsAt}
                type="datetime-local"
                value={endsAt}
                onChange={(e) => setEndsAt(e.currentTarget.value)}
                style={{ flex: '1 1 200px' }}
              />
            </Group>
            <TextInput
              label={t.reason}
              value={banReason}
              onChange={(e) => setBanReason(e.currentTarget.value)}
            />
            <Group justify="space-between" wrap="wrap">
              <Checkbox
                label={t.rejectOpen}
                checked={rejectOpen}
                onChange={(e) => setRejectOpen(e.currentTarget.checked)}
              />
              <Button
                color="red"
                disabled={!banReason.trim() || !endsAt}
                onClick={() =>
                  change('/admin/bans', {
                    userId,
                    ...(banGame ? { gameId: banGame } : {}),
                    reason: banReason,
                    endsAt: new Date(endsAt).toISOString(),
                    rejectOpen,
                  })
                }
              >
                {t.ban}
              </Button>
            </Group>
          </Stack>
        )}
      </Section>
      <Section title={t.roleHistory} empty={d.roleHistory.length === 0}>
        <List size="sm" spacing={2}>
          {d.roleHistory.map((e) => (
            <List.Item key={e.id}>
              {when(e.at)}:{' '}
              {t.roleEvent(
                e.change === 'grant' ? t.granted : t.revoked,
                roleLabel(e.role),
                nameOf(e.gameId),
                e.byUsername,
              )}
            </List.Item>
          ))}
        </List>
      </Section>
      <Section title={t.acceptedPerGame} empty={d.accepted.length === 0}>
        <List size="sm" spacing={2}>
          {d.accepted.map((a) => (
            <List.Item key={a.gameId} data-testid="user-accepted">
              <span lang={contentLang}>{a.gameName || a.gameId}</span>: {a.accepted}
            </List.Item>
          ))}
        </List>
      </Section>
      <Section title={t.suggestions} empty={d.suggestions.length === 0}>
        <List size="sm" spacing={2}>
          {d.suggestions.map((s) => (
            <List.Item key={s._id}>
              {when(s.createdAt)}: {s.type} {s.action} · {s.status}
            </List.Item>
          ))}
        </List>
      </Section>
      {admin && (
        <Section title={t.decisions} empty={d.decisions.length === 0}>
          <List size="sm" spacing={2}>
            {d.decisions.map((e) => (
              <List.Item key={e.id}>
                {when(e.at)}: {e.action} · {e.recordId}
              </List.Item>
            ))}
          </List>
        </Section>
      )}
    </Stack>
  );
}

/** One titled part of a user's record; says so when it lists nothing. */
function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {empty && <Text c="dimmed">{t.none}</Text>}
      {children}
    </Paper>
  );
}
