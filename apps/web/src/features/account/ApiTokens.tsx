import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiTokenCreate,
  type ApiTokenCreated,
  type ApiTokenFormat,
  type ApiTokenScope,
  type ApiTokenView,
  apiTokenFormats,
  apiTokenNameMax,
  apiTokenScopes,
} from '@waypoint/shared/api-tokens/schemas';
import { type FormEvent, useState } from 'react';
import { api, HttpError } from '../../api/client.ts';
import { useGames } from '../../api/queries.ts';
import { useSession } from '../../api/session.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { copyText } from '../../components/clipboard.ts';
import { toast } from '../../components/toast.ts';
import { contentLang } from '../../i18n/content.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { accountMessages as t } from '../../i18n/messages/account-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { GameSettings } from './GameSettings.tsx';

const formatLabel = (format: ApiTokenFormat) =>
  ({ wpt: t.apiTokenFormatWaypoint, PVP: t.apiTokenFormatPvp, PVE: t.apiTokenFormatPve })[format];

const scopeLabel = (scope: ApiTokenScope) =>
  ({ GP: t.apiTokenScopeGP, TP: t.apiTokenScopeTP, WP: t.apiTokenScopeWP })[scope];

/** The error of one field from the server's 400 (`body.name` …), if any. */
function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const errors = (error.body as { errors?: { field: string; message: string }[] } | undefined)?.errors;
  return errors?.find((e) => e.field === field || e.field.startsWith(`${field}.`))?.message;
}

/**
 * The account page's personal API tokens: create one (name, game or all games, scopes), see its
 * secret once and copy it, list the tokens with when they were last used, revoke one.
 */
export function ApiTokens() {
  const session = useSession();
  const client = useQueryClient();
  const games = useGames();
  const key = ['user', session?.id ?? '', 'api-tokens'];
  const tokens = useQuery({
    queryKey: key,
    queryFn: () => api.get<ApiTokenView[]>('/user/api-tokens'),
    enabled: Boolean(session),
  });
  const [name, setName] = useState('');
  const [gameId, setGameId] = useState('');
  const [scopes, setScopes] = useState<string[]>(['GP', 'WP']);
  const [format, setFormat] = useState<ApiTokenFormat>('wpt');
  const [created, setCreated] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);
  const create = useMutation({
    mutationFn: (body: ApiTokenCreate) => api.post<ApiTokenCreated>('/user/api-tokens', body),
    onSuccess: (answer) => {
      setCreated(answer.token);
      setName('');
      toast.success(t.apiTokenCreated);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      if (!fieldError(error, 'body.name') && !fieldError(error, 'body.scopes'))
        toast.error(error instanceof HttpError ? error.message : messages.somethingWentWrong);
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api.delete(`/user/api-tokens/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast.success(t.apiTokenRevoked);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: () => toast.error(messages.somethingWentWrong),
  });
  const gameName = (id: string | null) =>
    id === null ? t.apiTokenAllGames : ((games.data ?? []).find((g) => g._id === id)?.name ?? id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      name: name.trim(),
      gameId: gameId || null,
      scopes: apiTokenScopes.filter((s) => scopes.includes(s)),
      format,
    });
  };
  const base = `${window.location.origin}/api/v2`;
  return (
    <Stack gap="md">
      <Title order={2} fz="h3" id="api-tokens-heading">
        {t.apiTokens}
      </Title>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t.apiTokensLead(base)}
      </Text>
      <form onSubmit={submit} noValidate data-testid="api-token-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t.apiTokenName}
              value={name}
              maxLength={apiTokenNameMax}
              onChange={(e) => setName(e.currentTarget.value)}
              error={fieldError(create.error, 'body.name')}
              required
            />
            <NativeSelect
              label={t.apiTokenGame}
              value={gameId}
              onChange={(e) => setGameId(e.currentTarget.value)}
              data={[
                { value: '', label: t.apiTokenAllGames },
                ...(games.data ?? []).map((g) => ({ value: g._id, label: g.name })),
              ]}
            />
          </SimpleGrid>
          <NativeSelect
            label={t.apiTokenFormat}
            description={t.apiTokenFormatHint}
            value={format}
            onChange={(e) => setFormat(e.currentTarget.value as ApiTokenFormat)}
            data={apiTokenFormats.map((f) => ({ value: f, label: formatLabel(f) }))}
          />
          <Checkbox.Group
            label={t.apiTokenScopes}
            value={scopes}
            onChange={setScopes}
            error={fieldError(create.error, 'body.scopes')}
          >
            <Group gap="md" mt={4}>
              {apiTokenScopes.map((scope) => (
                <Checkbox key={scope} value={scope} label={scopeLabel(scope)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t.apiTokenCreate}
            </Button>
          </Group>
        </Stack>
      </form>
      {created ? (
        <Alert color="green" title={t.apiTokenCreated} data-testid="api-token-created">
          <Stack gap="xs">
            <Text size="sm">{t.apiTokenShownOnce}</Text>
            <Code
              block
              data-testid="api-token-secret"
              style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            >
              {created}
            </Code>
            <Group gap="xs">
              <Button
                size="compact-sm"
                onClick={async () => {
                  if (await copyText(created)) toast.success(t.apiTokenCopied);
                  else toast.error(messages.somethingWentWrong);
                }}
              >
                {t.apiTokenCopy}
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setCreated(null)}>
                {t.apiTokenDone}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {tokens.data && tokens.data.length === 0 ? <Text c="dimmed">{t.apiTokenNone}</Text> : null}
      {tokens.data && tokens.data.length > 0 ? (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="api-token-list">
          {tokens.data.map((token) => (
            <Group
              component="li"
              key={token.id}
              data-testid="api-token-row"
              justify="space-between"
              align="center"
              wrap="nowrap"
              gap="sm"
              py="xs"
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Text
                    fw={500}
                    lang={contentLang}
                    id={`api-token-${token.id}`}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {token.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" translate="no">
                    {token.hint}
                  </Text>
                </Group>
                <Text size="sm" c="dimmed">
                  {t.apiTokenGame}:{' '}
                  <span lang={token.gameId === null ? undefined : contentLang}>{gameName(token.gameId)}</span>
                  {' · '}
                  {t.apiTokenScopes}: <span translate="no">{token.scopes.join(', ')}</span>
                </Text>
                <Text size="sm" c="dimmed">
                  {t.apiTokenCreatedAt}: {formatDateTime(token.createdAt)}
                  {' · '}
                  {t.apiTokenLastUsed}:{' '}
                  {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t.apiTokenNeverUsed}
                </Text>
              </Stack>
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                onClick={() => setRevoking(token)}
                id={`api-token-revoke-${token.id}`}
                aria-labelledby={`api-token-revoke-${token.id} api-token-${token.id}`}
                style={{ flexShrink: 0 }}
              >
                {t.apiTokenRevoke}
              </Button>
            </Group>
          ))}
        </Stack>
      ) : null}
      <GameSettings />
      {revoking ? (
        <ConfirmDialog
          title={t.apiTokenRevoke}
          lead={t.apiTokenRevokeQuestion(revoking.name)}
          cancelLabel={t.cancel}
          confirmLabel={t.apiTokenRevoke}
          onConfirm={(close) => revoke.mutate(revoking.id, { onSettled: close })}
          onClose={() => setRevoking(null)}
          testId="api-token-revoke-dialog"
        />
      ) : null}
    </Stack>
  );
}
