import {
  Alert,
  Button,
  FileInput,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, HttpError } from '../../api/client.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';

interface PackageStageResult {
  mapId: string;
  staged: Record<string, number>;
  unchanged: number;
  gone: number;
  editedHere: number;
  pictures: number;
  notes: { record: string; field: string; note: string }[];
}

interface ApiErrorBody {
  message?: string;
  errors?: { field: string; message: string }[];
}

/**
 * A map package in and out: a map exported as one zip with everything it needs, and a zip from
 * another Waypoint site staged into a game for the review below.
 */
export function PackageImport({ onStaged }: { onStaged: (models: string[]) => void }) {
  const games = useQuery({
    queryKey: ['admin', 'list', 'game', 'package'],
    queryFn: () => api.get<{ data: { _id: string; name: string }[] }>('/admin/list/game?limit=200'),
  });
  const maps = useQuery({
    queryKey: ['admin', 'list', 'map', 'interop'],
    queryFn: () => api.get<{ data: { _id: string; name: string }[] }>('/admin/list/map?limit=200'),
  });
  const [gameId, setGameId] = useState('');
  const [mapId, setMapId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PackageStageResult>();
  const [error, setError] = useState<ApiErrorBody>();
  const game = gameId || games.data?.data[0]?._id || '';
  const map = mapId || maps.data?.data[0]?._id || '';
  const failed = (e: unknown) =>
    setError(e instanceof HttpError ? (e.body as ApiErrorBody) : { message: messages.genericError });
  const exportPackage = async () => {
    setError(undefined);
    try {
      const zip = await api.getBytes(`/admin/maps/${map}/export/package`);
      const url = URL.createObjectURL(new Blob([zip], { type: 'application/zip' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${map}.waypoint.zip`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      failed(e);
    }
  };
  const stage = async () => {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      const res = await api.postFile<PackageStageResult>(
        `/admin/games/${game}/import/package`,
        file,
        'application/zip',
      );
      setResult(res);
      onStaged(Object.keys(res.staged));
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  const records = result ? Object.values(result.staged).reduce((a, b) => a + b, 0) : 0;
  return (
    <Paper withBorder p="md" radius="md" data-testid="package-import">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t.packageTitle}
        </Title>
        <Text size="sm">{t.packageHelp}</Text>
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={t.exportMap}
            value={map}
            onChange={(e) => setMapId(e.currentTarget.value)}
            data={(maps.data?.data ?? []).map((m) => ({ value: m._id, label: m.name }))}
            style={{ minWidth: 220 }}
          />
          <Button variant="default" onClick={exportPackage} disabled={!map}>
            {t.exportPackage}
          </Button>
        </Group>
        <Group align="flex-end" wrap="wrap">
          <NativeSelect
            label={t.packageGame}
            value={game}
            onChange={(e) => setGameId(e.currentTarget.value)}
            data={(games.data?.data ?? []).map((g) => ({ value: g._id, label: g.name }))}
            style={{ minWidth: 220 }}
          />
          <FileInput
            label={t.packageFile}
            accept=".zip,application/zip"
            value={file}
            onChange={setFile}
            clearable
            style={{ minWidth: 220, maxWidth: 360 }}
          />
          <Button onClick={stage} loading={busy} disabled={!game || !file}>
            {t.stageDataMaps}
          </Button>
        </Group>
        {error ? (
          <Alert color="red" variant="light" data-testid="package-error">
            <Stack gap={4}>
              <Text size="sm">{error.message ?? messages.genericError}</Text>
              {(error.errors ?? []).slice(0, 50).map((e) => (
                <Text size="sm" key={`${e.field}-${e.message}`}>
                  {e.field}: {e.message}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        {result ? (
          <Stack gap="xs" data-testid="package-result">
            <Text>{t.stagedPackage(records, result.pictures, result.unchanged)}</Text>
            {result.gone > 0 || result.editedHere > 0 ? (
              <Text>{t.stagedChanges(result.gone, result.editedHere)}</Text>
            ) : null}
            {result.notes.length > 0 ? (
              <div style={{ overflowX: 'auto' }}>
                <Title order={3} size="h5">
                  {t.mappingSummary}
                </Title>
                <Table striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t.record}</Table.Th>
                      <Table.Th>{t.field}</Table.Th>
                      <Table.Th>{t.problem}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.notes.slice(0, 500).map((n) => (
                      <Table.Tr key={`${n.record}-${n.field}`}>
                        <Table.Td>{n.record}</Table.Td>
                        <Table.Td>{n.field}</Table.Td>
                        <Table.Td>{n.note}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
