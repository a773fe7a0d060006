import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WEBHOOK_SECRET_MAX,
  WEBHOOK_SECRET_MIN,
  type WebhookEvent,
  type WebhookFormat,
  webhookEvents,
} from '@waypoint/shared/webhooks/events';
import type { WebhookDeliveryView, WebhookView } from '@waypoint/shared/webhooks/schemas';
import { useState } from 'react';
import { api, HttpError } from '../../api/client.ts';
import { toast } from '../../components/toast.ts';
import { webhookMessages as t } from '../../i18n/messages/webhook-messages.ts';

const eventLabels: Record<WebhookEvent | 'test', string> = {
  'suggestion.created': t.eventSuggestionCreated,
  'suggestion.decided': t.eventSuggestionDecided,
  'content.changed': t.eventContentChanged,
  'comment.created': t.eventCommentCreated,
  test: t.eventTest,
};
const stateColors = { delivered: 'teal', pending: 'yellow', failed: 'red' } as const;
const stateLabels = { delivered: t.stateDelivered, pending: t.statePending, failed: t.stateFailed };
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '');
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Draft {
  url: string;
  secret: string;
  events: WebhookEvent[];
  format: WebhookFormat;
  enabled: boolean;
}

const emptyDraft: Draft = {
  url: '',
  secret: '',
  events: ['suggestion.created'],
  format: 'discord',
  enabled: true,
};

/** The create/edit form; on edit an empty secret keeps the current one. */
function WebhookForm({ gameId, hook, onDone }: { gameId: string; hook?: WebhookView; onDone: () => void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(
    hook
      ? { url: hook.url, secret: '', events: hook.events, format: hook.format, enabled: hook.enabled }
      : emptyDraft,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const base = `/admin/games/${encodeURIComponent(gameId)}/webhooks`;
  const save = useMutation({
    mutationFn: () => {
      const { secret, ...rest } = draft;
      const body = secret || !hook ? { ...rest, secret } : rest;
      return hook ? api.patch<WebhookView>(`${base}/${hook.id}`, body) : api.post<WebhookView>(base, body);
    },
    onSuccess: () => {
      toast.success(t.saved);
      void client.invalidateQueries({ queryKey: ['admin', 'webhooks', gameId] });
      onDone();
    },
    onError: (error) => {
      if (error instanceof HttpError) {
        const fields = error.fieldErrors();
        // The server says its own rule in English; the form says it in the interface's language.
        if (fields.secret) fields.secret = t.secretLength(WEBHOOK_SECRET_MIN, WEBHOOK_SECRET_MAX);
        setErrors(fields);
      }
      toast.error(reason(error));
    },
  });
  const id = hook ? `webhook-${hook.id}` : 'webhook-new';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        save.mutate();
      }}
    >
      <Stack gap="sm">
        <TextInput
          id={`${id}-url`}
          label={t.url}
          type="url"
          required
          placeholder="https://discord.com/api/webhooks/…"
          value={draft.url}
          error={errors.url}
          onChange={(e) => setDraft({ ...draft, url: e.currentTarget.value })}
        />
        <PasswordInput
          id={`${id}-secret`}
          label={t.secret}
          required={!hook}
          description={hook ? t.secretKeep : undefined}
          value={draft.secret}
          error={errors.secret}
          // The kit marks a refused password field for the eye only (data-invalid): screen readers are told too.
          aria-invalid={errors.secret ? true : undefined}
          onChange={(e) => setDraft({ ...draft, secret: e.currentTarget.value })}
        />
        <Checkbox.Group
          label={t.events}
          value={draft.events}
          error={errors.events ?? errors['events.0']}
          onChange={(value) => setDraft({ ...draft, events: value as WebhookEvent[] })}
        >
          <Group gap="md" mt={4}>
            {webhookEvents.map((event) => (
              <Checkbox key={event} value={event} label={eventLabels[event]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${id}-format`}>
            {t.format}
          </Text>
          <SegmentedControl
            aria-labelledby={`${id}-format`}
            value={draft.format}
            onChange={(value) => setDraft({ ...draft, format: value as WebhookFormat })}
            data={[
              { value: 'discord', label: t.formatDiscord },
              { value: 'json', label: t.formatJson },
            ]}
            style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
          />
        </Stack>
        <Switch
          label={t.enabled}
          checked={draft.enabled}
          onChange={(e) => setDraft({ ...draft, enabled: e.currentTarget.checked })}
        />
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {t.save}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Deliveries({ list }: { list: WebhookDeliveryView[] }) {
  if (list.length === 0) return <Text c="dimmed">{t.noDeliveries}</Text>;
  // A list of wrapping rows rather than a table: it stays readable on a phone.
  return (
    <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {list.map((d) => (
        <Group
          key={d.id}
          component="li"
          data-delivery-state={d.state}
          gap="xs"
          wrap="wrap"
          py={4}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="sm" fw={500} style={{ flex: '1 1 10rem' }}>
            {eventLabels[d.event]}
          </Text>
          <Badge color={stateColors[d.state]} variant="light" style={{ flex: 'none' }}>
            {stateLabels[d.state]}
          </Badge>
          <Text size="sm" style={{ flex: '1 1 8rem', overflowWrap: 'anywhere' }}>
            {d.lastStatus !== null ? t.httpStatus(d.lastStatus) : d.lastError}
            {d.attempts > 1 ? ` · ${t.attempts(d.attempts)}` : ''}
          </Text>
          <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
            {when(d.lastAttemptAt ?? d.createdAt)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function WebhookCard({ gameId, hook }: { gameId: string; hook: WebhookView }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const path = `/admin/games/${encodeURIComponent(gameId)}/webhooks/${hook.id}`;
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'webhooks', gameId] });
  const test = useMutation({
    mutationFn: () => api.post<WebhookDeliveryView>(`${path}/test`),
    onSuccess: (d) => {
      if (d.state === 'delivered') toast.success(t.testSent);
      else toast.error(t.testFailed(d.lastStatus !== null ? t.httpStatus(d.lastStatus) : d.lastError));
      void refresh();
    },
    onError: (error) => toast.error(reason(error)),
  });
  const remove = useMutation({
    mutationFn: () => api.delete(path),
    onSuccess: () => {
      toast.success(t.removed);
      void refresh();
    },
    onError: (error) => toast.error(reason(error)),
  });
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={hook.url}>
      {editing ? (
        <WebhookForm gameId={gameId} hook={hook} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere', flex: '1 1 260px' }} translate="no">
              {hook.url}
            </Text>
            <Group gap={6}>
              <Badge variant="outline">{hook.format === 'discord' ? t.formatDiscord : t.formatJson}</Badge>
              <Badge color={hook.enabled ? 'teal' : 'gray'}>{hook.enabled ? t.enabled : t.disabled}</Badge>
              {hook.pending > 0 ? <Badge color="yellow">{t.pending(hook.pending)}</Badge> : null}
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            {hook.events.map((e) => eventLabels[e]).join(' · ')} — {t.secretHint(hook.secretHint)}
          </Text>
          <Group gap="xs">
            <Button size="xs" onClick={() => test.mutate()} loading={test.isPending}>
              {t.sendTest}
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              {t.edit}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              loading={remove.isPending}
              onClick={() => {
                if (window.confirm(t.removeConfirm(hook.url))) remove.mutate();
              }}
            >
              {t.remove}
            </Button>
          </Group>
          <Title order={4} size="h6">
            {t.recent}
          </Title>
          <Deliveries list={hook.recent} />
        </Stack>
      )}
    </Paper>
  );
}

/** A game's outgoing webhooks on its admin page: each with its last deliveries; add, edit, delete, test. */
export function WebhooksSection({ gameId }: { gameId: string }) {
  const [adding, setAdding] = useState(false);
  const hooks = useQuery({
    queryKey: ['admin', 'webhooks', gameId],
    queryFn: () => api.get<{ data: WebhookView[] }>(`/admin/games/${encodeURIComponent(gameId)}/webhooks`),
    // While deliveries wait, their results are followed.
    refetchInterval: (query) => (query.state.data?.data.some((h) => h.pending > 0) ? 3000 : false),
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby="webhooks-title">
      <Title order={2} size="h4" id="webhooks-title">
        {t.title}
      </Title>
      <Text size="sm">{t.intro}</Text>
      {hooks.data?.data.length === 0 && !adding ? <Text c="dimmed">{t.none}</Text> : null}
      {hooks.data?.data.map((hook) => (
        <WebhookCard key={hook.id} gameId={gameId} hook={hook} />
      ))}
      {adding ? (
        <Paper withBorder p="sm" radius="md">
          <WebhookForm gameId={gameId} onDone={() => setAdding(false)} />
        </Paper>
      ) : (
        <Button variant="light" style={{ alignSelf: 'flex-start' }} onClick={() => setAdding(true)}>
          {t.add}
        </Button>
      )}
    </Stack>
  );
}
