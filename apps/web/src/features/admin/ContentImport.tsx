import { FileInput, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { acceptOf } from '@waypoint/shared/interop/format';
import { gameContentFormats, mapContentFormats } from '@waypoint/shared/interop/formats';
import { referencePointsFromText } from '@waypoint/shared/interop/reference-points';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { type ApiErrorBody, errorBody, ImportPanel, mappingTable, saveFile } from './ImportPanel.tsx';

interface ContentStageResult {
  staged: {
    maplevel: number;
    markerdefinition: number;
    placedmarker: number;
    trader: number;
    hideoutmodule: number;
    quest: number;
    item: number;
  };
  unchanged: number;
  gone: number;
  editedHere: number;
  notes: { record: string; field: string; note: string }[];
  /** tarkov.dev: the tasks, stations and records left out for their errors (the rest is staged). */
  skipped?: { record: string; field: string; message: string }[];
}

/** The formats of a map's content and of a game's records, as the registry lists them. */
const contentFormats = [...mapContentFormats, ...gameContentFormats];
type ContentFormat = (typeof contentFormats)[number]['id'];

/** What a format's part of the form says, and its export's file (read while rendering, in the page's language). */
function shownOf(id: ContentFormat) {
  const format = contentFormats.find((f) => f.id === id) ?? contentFormats[0];
  const exported = 'export' in format ? format.export : undefined;
  return {
    target: format.target,
    title: t[format.texts.title],
    help: t[format.texts.help],
    file: t[format.texts.file],
    accept: acceptOf([format]),
    // A game's records are read in, not exported.
    exportLabel: 'export' in format.texts ? t[format.texts.export] : undefined,
    extension: exported?.extension,
    type: exported?.mimeType,
  };
}

/** The pages a DataMaps page includes: JSON files by name, zips (base64) searched on the server. */
async function fragmentsOf(files: File[]) {
  const fragments: { name: string; content: string }[] = [];
  let archive: string | undefined;
  for (const f of files) {
    if (/\.zip$/i.test(f.name) || f.type.includes('zip')) {
      // One zip per upload: its bytes as base64 (the server unpacks it within its limits).
      const bytes = new Uint8Array(await f.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      archive = btoa(binary);
    } else fragments.push({ name: f.webkitRelativePath || f.name, content: await f.text() });
  }
  return { ...(fragments.length > 0 ? { fragments } : {}), ...(archive ? { archive } : {}) };
}

/**
 * Map content from another site read into a map (a DataMaps page or GeoJSON): file or pasted JSON →
 * mapping summary → the review below; and the map's content exported in the same formats.
 */
export function ContentImport({ onStaged }: { onStaged: () => void }) {
  const [format, setFormat] = useState<ContentFormat>('datamaps');
  const maps = useQuery({
    queryKey: ['admin', 'list', 'map', 'interop'],
    queryFn: () => api.get<{ data: { _id: string; name: string }[] }>('/admin/list/map?limit=200'),
  });
  const games = useQuery({
    queryKey: ['admin', 'list', 'game', 'interop'],
    queryFn: () => api.get<{ data: { _id: string; name: string }[] }>('/admin/list/game?limit=200'),
    enabled: shownOf(format).target === 'game',
  });
  const [gameId, setGameId] = useState('');
  const [mapId, setMapId] = useState('');
  const shown = shownOf(format);
  const [file, setFile] = useState<File | null>(null);
  const [fragmentFiles, setFragmentFiles] = useState<File[]>([]);
  const [pasted, setPasted] = useState('');
  const [source, setSource] = useState('');
  const [articleUrl, setArticleUrl] = useState('');
  // GeoJSON: definitions of a file without Waypoint's (a property, a default), the export's positions.
  const [definitionProperty, setDefinitionProperty] = useState('');
  const [defaultDefinition, setDefaultDefinition] = useState('');
  const [geoCoords, setGeoCoords] = useState<'pixels' | 'lonlat'>('pixels');
  const [referencePoints, setReferencePoints] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ContentStageResult>();
  const [error, setError] = useState<ApiErrorBody>();
  const forGame = shown.target === 'game';
  const chosen = forGame ? gameId || games.data?.data[0]?._id || '' : mapId || maps.data?.data[0]?._id || '';
  // The export is an API read (bearer token), saved as a file from the answer.
  const exportPage = async () => {
    try {
      const query = format === 'geojson' ? `?coords=${geoCoords}` : '';
      const page = await api.get<unknown>(`/admin/maps/${chosen}/export/${format}${query}`);
      saveFile(
        JSON.stringify(page, null, 2),
        shown.type ?? 'application/json',
        `${chosen}.${shown.extension}`,
      );
    } catch (e) {
      setError(errorBody(e));
    }
  };
  const stage = async () => {
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      const content = file ? await file.text() : pasted;
      const target = forGame ? `/admin/games/${chosen}` : `/admin/maps/${chosen}`;
      const res = await api.post<ContentStageResult>(`${target}/import/${format}`, {
        source: source.trim() || file?.name || 'pasted',
        content,
        ...(articleUrl.trim() ? { articleUrl: articleUrl.trim() } : {}),
        ...(format === 'datamaps' ? await fragmentsOf(fragmentFiles) : {}),
        ...(format === 'geojson' && definitionProperty.trim()
          ? { definitionProperty: definitionProperty.trim() }
          : {}),
        ...(format === 'geojson' && defaultDefinition.trim()
          ? { defaultDefinition: defaultDefinition.trim() }
          : {}),
        ...(format === 'geojson' && referencePoints.trim()
          ? { referencePoints: referencePointsFromText(referencePoints) }
          : {}),
      });
      setResult(res);
      onStaged();
    } catch (e) {
      setError(errorBody(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <ImportPanel
      ids={{ panel: 'datamaps-import', result: 'datamaps-result', error: 'datamaps-error' }}
      title={t.contentTitle}
      file={{ label: shown.file, accept: shown.accept, value: file, onChange: setFile }}
      paste={{ value: pasted, onChange: setPasted }}
      stage={{
        label: t.stageDataMaps,
        onClick: stage,
        busy,
        disabled: !chosen || (!file && pasted.trim() === ''),
      }}
      exportAction={
        shown.exportLabel ? { label: shown.exportLabel, onClick: exportPage, disabled: !chosen } : undefined
      }
      error={error}
      result={
        result && {
          lines: [
            {
              text: forGame
                ? t.stagedTarkovDev(
                    result.staged.trader,
                    result.staged.hideoutmodule,
                    result.staged.quest,
                    result.staged.item,
                    result.unchanged,
                  )
                : t.stagedContent(
                    result.staged.maplevel,
                    result.staged.markerdefinition,
                    result.staged.placedmarker,
                    result.unchanged,
                  ),
            },
            ...(result.gone > 0 || result.editedHere > 0
              ? [
                  {
                    text: (forGame ? t.stagedRecordChanges : t.stagedChanges)(result.gone, result.editedHere),
                    testId: 'datamaps-changes',
                  },
                ]
              : []),
          ],
          table: mappingTable(result.notes),
          more: [
            {
              title: t.skippedTitle,
              testId: 'tarkov-skipped',
              columns: [t.record, t.field, t.problem],
              rows: (result.skipped ?? []).map((p) => [p.record, p.field, p.message]),
            },
          ],
        }
      }
    >
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t.contentFormat}
          value={format}
          onChange={(e) => {
            setFormat(e.currentTarget.value as ContentFormat);
            setResult(undefined);
            setError(undefined);
          }}
          data={contentFormats.map((f) => ({ value: f.id, label: shownOf(f.id).title }))}
        />
      </Group>
      <Text size="sm">{shown.help}</Text>
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={forGame ? t.targetGame : t.targetMap}
          value={chosen}
          onChange={(e) => (forGame ? setGameId : setMapId)(e.currentTarget.value)}
          data={((forGame ? games : maps).data?.data ?? []).map((m) => ({ value: m._id, label: m.name }))}
          style={{ minWidth: 220 }}
        />
        <TextInput label={t.sourceName} value={source} onChange={(e) => setSource(e.currentTarget.value)} />
        {format === 'datamaps' ? (
          <TextInput
            label={t.articleUrl}
            value={articleUrl}
            onChange={(e) => setArticleUrl(e.currentTarget.value)}
          />
        ) : null}
      </Group>
      {format === 'geojson' ? (
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t.geoJsonDefinitionProperty}
            value={definitionProperty}
            onChange={(e) => setDefinitionProperty(e.currentTarget.value)}
            data-testid="geojson-definition-property"
          />
          <TextInput
            label={t.geoJsonDefaultDefinition}
            value={defaultDefinition}
            onChange={(e) => setDefaultDefinition(e.currentTarget.value)}
            data-testid="geojson-default-definition"
          />
          <NativeSelect
            label={t.geoJsonCoordinates}
            value={geoCoords}
            onChange={(e) => setGeoCoords(e.currentTarget.value as 'pixels' | 'lonlat')}
            data={[
              { value: 'pixels', label: t.geoJsonPixels },
              { value: 'lonlat', label: t.geoJsonLonLat },
            ]}
            data-testid="geojson-coords"
          />
          <TextInput
            label={t.geoJsonReferencePoints}
            description={t.geoJsonReferencePointsHelp}
            value={referencePoints}
            onChange={(e) => setReferencePoints(e.currentTarget.value)}
            error={error?.errors?.find((p) => p.field.startsWith('body.referencePoints'))?.message}
            data-testid="geojson-reference-points"
            style={{ minWidth: 320, flex: 1 }}
          />
        </Group>
      ) : null}
      {format === 'datamaps' ? (
        <FileInput
          multiple
          clearable
          label={t.dataMapsFragments}
          description={t.dataMapsFragmentsHelp}
          accept=".json,.zip,application/json,application/zip"
          value={fragmentFiles}
          onChange={setFragmentFiles}
          data-testid="datamaps-fragments"
        />
      ) : null}
    </ImportPanel>
  );
}
