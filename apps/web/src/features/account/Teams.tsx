import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamInviteCreated, TeamView } from '@waypoint/shared/teams/schemas';
import { teamNameMax } from '@waypoint/shared/teams/schemas';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { useGames } from '../../api/queries.ts';
import { useSession } from '../../api/session.ts';
import { copyText } from '../../components/clipboard.ts';
import { toast } from '../../components/toast.ts';
import { contentLang } from '../../i18n/content.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { accountMessages as t } from '../../i18n/messages/account-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { errorMessage } from './form.ts';

/** The invite link's secret, read from the address's fragment (`#team-invite=…`), never sent to a server. */
function inviteInAddress(): string | null {
  const match = /(?:^#|&)team-invite=([A-Za-z0-9_-]{43})/.exec(window.location.hash);
  return match?.[1] ?? null;
}

/**
 * The player's team per game: create one, copy invite links, the members (the owner removes them
 * and hands over), leave, and whether the team sees the player's progress. An invite link opens
 * this page and offers to join.
 */
export function Teams() {
  const session = useSession();
  const client = useQueryClient();
  const games = useGames();
  const [gameId, setGameId] = useState('');
  const [name, setName] = useState('');
  const [invite, setInvite] = useState<string | null>(null);
  useEffect(() => setInvite(inviteInAddress()), []);
  const chosen = gameId || games.data?.[0]?._id || '';
  const path = `/user/teams/${encodeURIComponent(chosen)}`;
  const key = ['user', session?.id ?? '', 'team', chosen];
  const team = useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<{ team: TeamView | null }>(path)).team,
    enabled: Boolean(session && chosen),
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['user', session?.id ?? '', 'team'] });
  const failed = (error: unknown) => toast.error(errorMessage(error, messages.somethingWentWrong));
  const change = useMutation({
    mutationFn: (call: () => Promise<unknown>) => call(),
    onSuccess: () => void refresh(),
    onError: failed,
  });
  const join = useMutation({
    mutationFn: (token: string) => api.post<TeamView>('/user/team-invites/join', { token }),
    onSuccess: (joined) => {
      toast.success(t.joinedTeam(joined.name));
      setInvite(null);
      setGameId(joined.gameId);
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
      void refresh();
    },
    onError: failed,
  });
  const copyInvite = useMutation({
    mutationFn: () => api.post<TeamInviteCreated & { url: string }>(`${path}/invites`),
    onSuccess: async (created) => {
      if (await copyText(created.url)) toast.success(t.inviteCopied);
      else toast.error(messages.somethingWentWrong);
      void refresh();
    },
    onError: failed,
  });
  const current = team.data;
  const me = current?.members.find((m) => m.userId === session?.id);
  const owner = current?.ownerId === session?.id;
  return (
    <Stack gap="sm">
      <Title order={3} fz="h4" id="teams-heading">
        {t.teams}
      </Title>
      <Text size="sm" c="dimmed">
        {t.teamsLead}
      </Text>
      {invite && (
        <Group>
          <Text size="sm">{t.joinTeamQuestion}</Text>
          <Button size="xs" loading={join.isPending} onClick={() => join.mutate(invite)}>
            {t.joinTeam}
          </Button>
        </Group>
      )}
      <NativeSelect
        label={t.apiTokenGame}
        lang={contentLang}
        value={chosen}
        onChange={(e) => setGameId(e.currentTarget.value)}
        data={(games.data ?? []).map((g) => ({ value: g._id, label: g.name }))}
        maw={320}
      />
      {team.isSuccess && !current && (
        <Group align="end">
          <TextInput
            label={t.teamName}
            value={name}
            maxLength={teamNameMax}
            onChange={(e) => setName(e.currentTarget.value)}
            description={t.noTeam}
          />
          <Button
            disabled={!name.trim()}
            loading={change.isPending}
            onClick={() => change.mutate(() => api.post(path, { name }).then(() => setName('')))}
          >
            {t.createTeam}
          </Button>
        </Group>
      )}
      {current && (
        <Stack gap="xs">
          <Text fw={600}>{current.name}</Text>
          <Text size="sm">{t.teamMembers(current.members.length, current.maxMembers)}</Text>
          {current.members.map((m) => (
            <Group key={m.userId} gap="xs" data-testid="team-member">
              <Text size="sm">{m.username}</Text>
              {m.owner && <Badge size="xs">{t.teamOwner}</Badge>}
              {owner && !m.owner && (
                <>
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => change.mutate(() => api.put(`${path}/owner`, { userId: m.userId }))}
                  >
                    {t.handOver}
                  </Button>
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="light"
                    onClick={() =>
                      change.mutate(() => api.delete(`${path}/members/${encodeURIComponent(m.userId)}`))
                    }
                  >
                    {t.removeMember}
                  </Button>
                </>
              )}
            </Group>
          ))}
          {owner &&
            current.invites.map((i) => (
              <Group key={i.id} gap="xs">
                <Text size="xs" c="dimmed">
                  {t.inviteExpires(formatDateTime(i.expiresAt))}
                </Text>
                <ActionIcon
                  component="button"
                  size="sm"
                  variant="subtle"
                  color="red"
                  aria-label={t.withdrawInvite}
                  title={t.withdrawInvite}
                  onClick={() => change.mutate(() => api.delete(`${path}/invites/${i.id}`))}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
          <Switch
            label={t.shareProgress}
            checked={me?.shareProgress ?? true}
            onChange={(e) => {
              const shareProgress = e.currentTarget.checked;
              change.mutate(() => api.patch(`${path}/settings`, { shareProgress }));
            }}
          />
          <Group>
            {owner && (
              <Button variant="default" loading={copyInvite.isPending} onClick={() => copyInvite.mutate()}>
                {t.createInvite}
              </Button>
            )}
            <Button
              color="red"
              variant="light"
              onClick={() => change.mutate(() => api.post(`${path}/leave`))}
            >
              {t.leaveTeam}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
