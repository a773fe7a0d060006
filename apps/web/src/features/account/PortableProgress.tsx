import { Alert, Button, FileInput, Group, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ProgressFile,
  type ProgressGamePreview,
  type ProgressImportResult,
  zProgressFile,
} from '@waypoint/shared/progress/portable';
import { useState } from 'react';
import { progressMessages as t } from '../../i18n/messages/progress-messages.ts';
// Styles of the components this section adds to the profile page (loaded with it only).
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/ScrollArea.css';
import { api } from '../../api/client.ts';
import { useSession } from '../../api/session.ts';
import { toast } from '../../components/toast.ts';
import { contentLang } from '../../i18n/content.ts';

type Mode = 'merge' | 'replace';

/** Saves a JSON value as a file the browser downloads. */
function download(name: string, value: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Reads a chosen file as a progress file, or answers why it is not one. */
async function readFile(file: File): Promise<{ file: ProgressFile } | { error: string }> {
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    return { error: t.unreadable };
  }
  const parsed = zProgressFile.safeParse(json);
  if (parsed.success) return { file: parsed.data };
  // The reason in the player's words: whose file it is, or which entry is wrong (not the schema's terms).
  const issue = parsed.error.issues[0];
  const top = issue?.path[0];
  const reason =
    top === undefined || top === 'format'
      ? t.notFromSite
      : top === 'version'
        ? t.newerVersion
        : t.damagedEntry(issue!.path.filter((p) => typeof p === 'string').join(' › ') || String(top));
  return { error: t.notAProgressFile(reason) };
}

const changed = (g: ProgressGamePreview) =>
  g.level.from !== g.level.to ||
  [g.quests, g.objectives, g.items, g.hideout, g.markers, g.pins, g.markerNotes].some(
    (c) => c.add > 0 || c.remove > 0,
  );

function PreviewTable({ games }: { games: ProgressGamePreview[] }) {
  return (
    // A table wider than a phone scrolls sideways; the region takes the keyboard's focus to do so.
    <Table.ScrollContainer
      minWidth={720}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t.previewHeading}
    >
      <Table striped withTableBorder data-testid="progress-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columnGame}</Table.Th>
            <Table.Th>{t.columnLevel}</Table.Th>
            <Table.Th>{t.columnQuests}</Table.Th>
            <Table.Th>{t.columnObjectives}</Table.Th>
            <Table.Th>{t.columnItems}</Table.Th>
            <Table.Th>{t.columnHideout}</Table.Th>
            <Table.Th>{t.columnMarkers}</Table.Th>
            <Table.Th>{t.columnPins}</Table.Th>
            <Table.Th>{t.columnNotes}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {games.map((g) => (
            <Table.Tr key={g.gameId}>
              <Table.Td>
                {g.known ? <span lang={contentLang}>{g.name}</span> : t.unknownGame(g.gameId)}
              </Table.Td>
              <Table.Td>
                {g.level.from === g.level.to ? g.level.to : `${g.level.from} → ${g.level.to}`}
              </Table.Td>
              <Table.Td>{t.change(g.quests.add, g.quests.remove, g.quests.unknown)}</Table.Td>
              <Table.Td>{t.change(g.objectives.add, g.objectives.remove, g.objectives.unknown)}</Table.Td>
              <Table.Td>{t.change(g.items.add, g.items.remove, g.items.unknown)}</Table.Td>
              <Table.Td>{t.change(g.hideout.add, g.hideout.remove, g.hideout.unknown)}</Table.Td>
              <Table.Td>{t.change(g.markers.add, g.markers.remove, g.markers.unknown)}</Table.Td>
              <Table.Td>{t.change(g.pins.add, g.pins.remove, g.pins.unknown)}</Table.Td>
              <Table.Td>{t.change(g.markerNotes.add, g.markerNotes.remove, g.markerNotes.unknown)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Portable progress (profile page): export all progress as one documented file; import one back,
 * merged or replacing, after a preview of what changes.
 */
export function PortableProgress() {
  const session = useSession();
  const client = useQueryClient();
  const [chosen, setChosen] = useState<File | null>(null);
  const [file, setFile] = useState<ProgressFile | null>(null);
  const [error, setError] = useState('');
  const [mode, setMode] = useState<Mode>('merge');
  const [preview, setPreview] = useState<ProgressImportResult | null>(null);

  const exporting = useMutation({
    mutationFn: () => api.get<ProgressFile>('/user/progress/export'),
    onSuccess: (data) => {
      const day = new Date().toISOString().slice(0, 10);
      download(`waypoint-progress-${session?.username ?? 'player'}-${day}.json`, data);
      toast.success(t.exported);
    },
  });
  const importing = useMutation({
    mutationFn: (body: { mode: Mode; preview: boolean; file: ProgressFile }) =>
      api.post<ProgressImportResult>('/user/progress/import', body),
    onSuccess: (result) => {
      if (!result.applied) {
        setPreview(result);
        return;
      }
      toast.success(t.imported);
      // Every progress view (map, quests, items) reads afresh.
      void client.invalidateQueries();
      clear();
    },
    onError: (e) => {
      setError((e as Error).message);
      toast.error(t.importFailed);
    },
  });

  function clear() {
    setChosen(null);
    setFile(null);
    setPreview(null);
    setError('');
  }

  const ask = (next: ProgressFile | null, nextMode: Mode) => {
    setPreview(null);
    if (next) importing.mutate({ mode: nextMode, preview: true, file: next });
  };

  const choose = async (value: File | null) => {
    clear();
    setChosen(value);
    if (!value) return;
    const read = await readFile(value);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setFile(read.file);
    ask(read.file, mode);
  };

  return (
    <Stack gap="md">
      <Title order={2} fz="h3" id="portable-heading">
        {t.heading}
      </Title>
      <Text size="sm">{t.intro}</Text>
      <Group>
        <Button variant="light" loading={exporting.isPending} onClick={() => exporting.mutate()}>
          {t.exportButton}
        </Button>
      </Group>
      <FileInput
        label={t.fileLabel}
        placeholder={t.filePlaceholder}
        accept="application/json,.json"
        value={chosen}
        onChange={(value) => void choose(value)}
        clearable
        clearButtonProps={{ 'aria-label': t.clearFile }}
      />
      <Radio.Group
        label={t.modeLabel}
        value={mode}
        onChange={(value) => {
          setMode(value as Mode);
          ask(file, value as Mode);
        }}
      >
        <Stack gap={6} mt={6}>
          <Radio value="merge" label={t.merge} description={t.mergeHint} />
          <Radio value="replace" label={t.replace} description={t.replaceHint} />
        </Stack>
      </Radio.Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {preview && file && (
        <Stack gap="sm">
          <Title order={3} fz="h4">
            {t.previewHeading}
          </Title>
          <PreviewTable games={preview.games} />
          {!preview.games.some(changed) && <Text size="sm">{t.nothingChanges}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={clear}>
              {t.cancel}
            </Button>
            <Button
              loading={importing.isPending}
              disabled={!preview.games.some(changed)}
              onClick={() => importing.mutate({ mode, preview: false, file })}
            >
              {t.importButton}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
