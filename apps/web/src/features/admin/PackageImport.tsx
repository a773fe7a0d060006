import { Group, NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { acceptOf } from '@waypoint/shared/interop/format';
import { fileFormat } from '@waypoint/shared/interop/formats';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { type ApiErrorBody, errorBody, ImportPanel, mappingTable, saveFile } from './ImportPanel.tsx';

const packageFormat = fileFormat('package');

interface PackageStageResult {
  mapId: string;
  staged: Record<string, number>;
  unchanged: number;
  gone: number;
  editedHere: number;
  pictures: number;
  notes: { record: string; field: string; note: string }[];
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
  const exportPackage = async () => {
    setError(undefined);
    try {
      saveFile(
        await api.getBytes(`/admin/maps/${map}/export/${packageFormat.id}`),
        packageFormat.export.mimeType,
        `${map}.${packageFormat.export.extension}`,
      );
    } catch (e) {
      setError(errorBody(e));
    }
  };
  const stage = async () => {
    if (!file) return;
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      const res = await api.postFile<PackageStageResult>(
        `/admin/games/${game}/import/${packageFormat.id}`,
        file,
        packageFormat.mimeTypes[0],
      );
      setResult(res);
      onStaged(Object.keys(res.staged));
    } catch (e) {
      setError(errorBody(e));
    } finally {
      setBusy(false);
    }
  };
  const records = result ? Object.values(result.staged).reduce((a, b) => a + b, 0) : 0;
  return (
    <ImportPanel
      ids={{ panel: 'package-import', result: 'package-result', error: 'package-error' }}
      title={t.packageTitle}
      help={t.packageHelp}
      file={{ label: t.packageFile, accept: acceptOf([packageFormat]), value: file, onChange: setFile }}
      stage={{ label: t.stageDataMaps, onClick: stage, busy, disabled: !game || !file }}
      exportAction={{ label: t.exportPackage, onClick: exportPackage, disabled: !map }}
      error={error}
      result={
        result && {
          lines: [
            { text: t.stagedPackage(records, result.pictures, result.unchanged) },
            ...(result.gone > 0 || result.editedHere > 0
              ? [{ text: t.stagedChanges(result.gone, result.editedHere) }]
              : []),
          ],
          table: mappingTable(result.notes),
        }
      }
    >
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t.packageGame}
          value={game}
          onChange={(e) => setGameId(e.currentTarget.value)}
          data={(games.data?.data ?? []).map((g) => ({ value: g._id, label: g.name }))}
          style={{ minWidth: 220 }}
        />
        <NativeSelect
          label={t.exportMap}
          value={map}
          onChange={(e) => setMapId(e.currentTarget.value)}
          data={(maps.data?.data ?? []).map((m) => ({ value: m._id, label: m.name }))}
          style={{ minWidth: 220 }}
        />
      </Group>
    </ImportPanel>
  );
}
