import { Alert, Button, FileInput, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { readableProblem } from '@waypoint/shared/validation';
import type { ReactNode } from 'react';
import { HttpError } from '../../api/client.ts';
import { GrowingTextarea } from '../../components/GrowingTextarea.tsx';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { validationMessages } from '../../i18n/messages/validation-messages.ts';
import classes from './admin.module.css';

/** An import's refusal as the server answers it: a message, and a problem per field. */
export interface ApiErrorBody {
  message?: string;
  errors?: { field: string; message: string }[];
}

/** What a failed request shows in the panel. */
export const errorBody = (e: unknown): ApiErrorBody =>
  e instanceof HttpError ? ((e.body as ApiErrorBody | undefined) ?? {}) : { message: messages.genericError };

/** Saves what an export answered as a file. */
export function saveFile(data: BlobPart, type: string, name: string) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/** What staging answered: its lines of counts, and what was not carried over (or refused) per row. */
export interface PanelResult {
  lines: { text: string; testId?: string }[];
  table?: ResultTable;
  /** Further tables after the first (e.g. the records left out for their errors). */
  more?: ResultTable[];
}

interface ResultTable {
  title?: string;
  testId?: string;
  columns: [string, string, string];
  rows: [string | number, string, string][];
}

/** The table of what a staging did not carry over, per record and field (every format answers `notes`). */
export const mappingTable = (
  notes: { record: string; field: string; note: string }[],
): PanelResult['table'] => ({
  title: t.mappingSummary,
  columns: [t.record, t.field, t.problem],
  rows: notes.map((n) => [n.record, n.field, n.note]),
});

/**
 * One import format's panel (§2.13): the format's own choices, a file (or pasted JSON), Stage and
 * an optional export; then the refusal, or what was staged for the review below.
 */
export function ImportPanel(props: {
  /** data-testid of the panel, its result and its error. */
  ids: { panel: string; result: string; error: string };
  title?: string;
  help?: string;
  /** The format's own choices (format, target, source…), above the file. */
  children?: ReactNode;
  file: { label: string; accept: string; value: File | null; onChange: (file: File | null) => void };
  /** Pasted JSON instead of a file. */
  paste?: { value: string; onChange: (text: string) => void };
  stage: { label: string; onClick: () => void; busy: boolean; disabled: boolean };
  exportAction?: { label: string; onClick: () => void; disabled: boolean };
  error?: ApiErrorBody;
  result?: PanelResult;
}) {
  const { file, paste, stage, exportAction, error, result } = props;
  return (
    <Paper withBorder p="md" radius="md" data-testid={props.ids.panel}>
      <Stack gap="sm">
        {props.title ? (
          <Title order={2} size="h3">
            {props.title}
          </Title>
        ) : null}
        {props.help ? <Text size="sm">{props.help}</Text> : null}
        {props.children}
        <FileInput
          label={file.label}
          accept={file.accept}
          value={file.value}
          onChange={file.onChange}
          clearable
          style={{ minWidth: 260, maxWidth: 360 }}
        />
        {paste ? (
          <GrowingTextarea
            label={t.pasteJson}
            value={paste.value}
            onChange={(e) => paste.onChange(e.currentTarget.value)}
            minRows={2}
            maxRows={8}
            disabled={file.value !== null}
            inputClassName={classes.mono}
          />
        ) : null}
        <Group wrap="wrap">
          <Button onClick={stage.onClick} loading={stage.busy} disabled={stage.disabled}>
            {stage.label}
          </Button>
          {exportAction ? (
            <Button variant="default" onClick={exportAction.onClick} disabled={exportAction.disabled}>
              {exportAction.label}
            </Button>
          ) : null}
        </Group>
        {error ? (
          <Alert color="red" variant="light" data-testid={props.ids.error}>
            <Stack gap={4}>
              {/* The message repeats the first field problem: with a list of them, the list alone. */}
              {error.errors?.length ? null : <Text size="sm">{error.message ?? messages.genericError}</Text>}
              {(error.errors ?? []).slice(0, 50).map((e) => (
                <Text size="sm" key={`${e.field}-${e.message}`}>
                  {readableProblem(e, validationMessages)}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        {result ? (
          <Stack gap="xs" data-testid={props.ids.result}>
            {result.lines.map((line) => (
              <Text key={line.text} data-testid={line.testId}>
                {line.text}
              </Text>
            ))}
            {[result.table, ...(result.more ?? [])].map((table) =>
              table && table.rows.length > 0 ? (
                <ResultTableView key={table.title ?? ''} table={table} />
              ) : null,
            )}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** One table of a staging's answer, its first 500 rows. */
function ResultTableView({ table }: { table: ResultTable }) {
  return (
    <div style={{ overflowX: 'auto' }} data-testid={table.testId}>
      {table.title ? (
        <Title order={3} size="h5">
          {table.title}
        </Title>
      ) : null}
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.slice(0, 500).map((row) => (
            <Table.Tr key={row.join('\u0000')}>
              {row.map((cell, k) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its fixed columns
                <Table.Td key={k}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
