import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  buildSuggestion,
  type ContentSuggestionType,
  emptySuggestForm,
  formFieldOfServerError,
  type SuggestField,
  type SuggestFieldName,
  type SuggestFormValues,
  suggestFields,
} from '@waypoint/shared/suggestions/content-form';
import { idFromName } from '@waypoint/shared/suggestions/schemas';
import { type FormEvent, Fragment, useEffect, useState } from 'react';
import { api, HttpError } from '../../api/client.ts';
import { useCategories, useGames, useMaps } from '../../api/queries.ts';
import { GrowingTextarea } from '../../components/GrowingTextarea.tsx';
import { toast } from '../../components/toast.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { suggestMessages } from '../../i18n/messages/suggest-messages.ts';
import { useAddSuggestion } from './mutations.ts';
import classes from './suggest.module.css';

const labels = suggestMessages.suggestFieldLabels;
const fieldId = (name: SuggestFieldName) => `suggest-${name}`;
const hexColour = /^#[0-9a-fA-F]{3,8}$/;

type Errors = Partial<Record<SuggestFieldName | '', string>>;

interface Props {
  type: ContentSuggestionType;
  initial: Partial<SuggestFormValues>;
  onDone: () => void;
  onCancel: () => void;
}

/** Options of a select: "choose" first, then the records by name. */
function options(records: readonly { _id: string; name: string }[] | undefined, none: string) {
  return [{ value: '', label: none }, ...(records ?? []).map((r) => ({ value: r._id, label: r.name }))];
}

/**
 * The form of one kind of suggestion (§5): checked with the §5 rules and the registry schema before
 * anything is sent; the server's field problems show beside the fields too.
 */
export function SuggestForm({ type, initial, onDone, onCancel }: Props) {
  const form = useForm<SuggestFormValues>({ mode: 'controlled', initialValues: emptySuggestForm(initial) });
  const values = form.getValues();
  const [general, setGeneral] = useState<string>();
  // The open suggestion this one would repeat (a 409 names it): the player may vote for it instead.
  const [existing, setExisting] = useState<string>();
  const [summary, setSummary] = useState<string>();
  const games = useGames();
  const categories = useCategories(values.gameId || undefined);
  const maps = useMaps(values.gameId || undefined);
  const add = useAddSuggestion();
  const fields = suggestFields(type);
  // Another kind of suggestion keeps what was typed but not the problems of the previous one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the kind changes
  useEffect(() => {
    form.clearErrors();
    setGeneral(undefined);
    setSummary(undefined);
  }, [type]);

  const showErrors = (errors: Errors) => {
    const { '': other, ...byField } = errors;
    form.setErrors(byField);
    setGeneral(other);
    const names = fields.filter((f) => byField[f.name]).map((f) => labels[f.name]);
    setSummary(names.length > 0 ? suggestMessages.suggestFixErrors(names.join(', ')) : undefined);
    const first = fields.find((f) => byField[f.name]);
    if (first) document.getElementById(fieldId(first.name))?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const built = buildSuggestion(type, form.getValues());
    if (!built.ok) {
      showErrors(built.errors);
      return;
    }
    setGeneral(undefined);
    setSummary(undefined);
    setExisting(undefined);
    add.mutate(built.suggestion, {
      onSuccess: () => {
        toast.success(messages.suggestionAdded);
        onDone();
      },
      onError: (error) => {
        toast.error(messages.suggestionAddError);
        showErrors(serverErrors(type, error));
        // The open suggestion can get a vote, unless it is the player's own.
        const body =
          error instanceof HttpError ? (error.body as { suggestionId?: string; own?: boolean }) : undefined;
        setExisting(body?.own ? undefined : body?.suggestionId);
      },
    });
  };

  const setGame = (gameId: string) => {
    // Categories and maps belong to the game: a new game empties them.
    form.setValues({ gameId, categoryId: '', preferredMap: '' });
  };

  const render = (field: SuggestField) => {
    const common = {
      id: fieldId(field.name),
      label: labels[field.name],
      required: field.required,
    };
    switch (field.kind) {
      case 'game':
        return (
          <NativeSelect
            {...common}
            {...form.getInputProps('gameId')}
            onChange={(e) => setGame(e.currentTarget.value)}
            data={options(games.data, suggestMessages.chooseGame)}
          />
        );
      case 'category':
      case 'map': {
        const list = field.kind === 'category' ? categories.data : maps.data;
        return (
          <NativeSelect
            {...common}
            {...form.getInputProps(field.name)}
            disabled={!values.gameId}
            data={options(list, suggestMessages.chooseNone)}
          />
        );
      }
      case 'textarea':
        return <GrowingTextarea {...common} {...form.getInputProps(field.name)} minRows={2} maxRows={6} />;
      case 'url':
        return (
          <TextInput
            {...common}
            {...form.getInputProps(field.name)}
            type="url"
            placeholder="https://"
            translate="no"
          />
        );
      case 'colour': {
        if (field.name === 'polygonColor' && !values.polygon) return null;
        const value = String(values[field.name]);
        return (
          <TextInput
            {...common}
            {...form.getInputProps(field.name)}
            placeholder="#ff8800"
            translate="no"
            spellCheck={false}
            autoComplete="off"
            leftSection={
              <span
                className={classes.swatch}
                aria-hidden="true"
                style={hexColour.test(value) ? { background: value } : undefined}
              />
            }
          />
        );
      }
      case 'flag':
        return <Checkbox {...common} {...form.getInputProps(field.name, { type: 'checkbox' })} />;
      default:
        return (
          <TextInput
            {...common}
            {...form.getInputProps(field.name)}
            autoComplete="off"
            data-autofocus={field.name === 'name' ? true : undefined}
          />
        );
    }
  };

  const rendered = fields.map((field) => <Fragment key={field.name}>{render(field)}</Fragment>);
  const nameAt = fields.findIndex((f) => f.name === 'name') + 1;
  const id = idFromName(values.name);

  return (
    <form
      onSubmit={submit}
      noValidate
      className={classes.form}
      aria-describedby={summary ? 'suggest-summary' : undefined}
    >
      <Stack gap="sm">
        {rendered.slice(0, nameAt)}
        <TextInput
          label={suggestMessages.suggestIdLabel}
          description={suggestMessages.suggestIdHint}
          value={id}
          readOnly
          variant="filled"
          data-testid="suggest-id"
        />
        {rendered.slice(nameAt)}
        {general ? (
          <Alert color="red" variant="light">
            {general}
          </Alert>
        ) : null}
        {existing ? (
          <Button
            variant="light"
            data-testid="vote-existing"
            onClick={() =>
              // PATCH sets the vote (a POST would take back a vote already given).
              api.patch(`/suggestions/${encodeURIComponent(existing)}/upvote`, { upvote: true }).then(
                () => {
                  toast.success(suggestMessages.votedForExisting);
                  onDone();
                },
                () => toast.error(messages.somethingWentWrong),
              )
            }
          >
            {suggestMessages.voteForExisting}
          </Button>
        ) : null}
        <Text id="suggest-summary" role="alert" size="sm" className={classes.summary}>
          {summary}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {suggestMessages.cancel}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {suggestMessages.suggestSubmit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The server's field problems (400), or its message for a clash of ids (409), by form field. */
function serverErrors(type: ContentSuggestionType, error: unknown): Errors {
  if (!(error instanceof HttpError)) return {};
  const out: Errors = {};
  for (const problem of error.body?.errors ?? []) {
    out[formFieldOfServerError(type, problem.field)] ??= problem.message;
  }
  if (Object.keys(out).length === 0 && error.body?.message) {
    out[error.status === 409 ? 'name' : ''] = error.body.message;
  }
  return out;
}
