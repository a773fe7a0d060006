import { IconDownload, IconUpload } from '@tabler/icons-react';
import type { GeoJsonImportResult } from '@waypoint/shared/pins/geojson';
import { lazy, Suspense, useRef, useState } from 'react';
import { api } from '../../../api/client.ts';
import { toast } from '../../../components/toast.ts';
import { pinsMessages } from '../../../i18n/messages/pins-messages.ts';
import classes from './pins.module.css';

// The preview dialog loads when a file is chosen.
const ImportPreview = lazy(() => import('./ImportPreview.tsx').then((m) => ({ default: m.ImportPreview })));

interface Props {
  mapId: string;
  /** The pins changed on the server (an import). */
  onImported: () => void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Export of the player's pins as GeoJSON, and an import with a preview of what is added and refused. */
export function GeoJsonTools({ mapId, onImported }: Props) {
  const file = useRef<HTMLInputElement>(null);
  const [staged, setStaged] = useState<{ collection: unknown; result: GeoJsonImportResult }>();
  const url = `/user/pins/${encodeURIComponent(mapId)}/geojson`;

  const download = async () => {
    try {
      const collection = await api.get<unknown>(url);
      const blob = new Blob([JSON.stringify(collection, null, 2)], { type: 'application/geo+json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `waypoint-pins-${mapId}.geojson`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const stage = async (chosen: File) => {
    let collection: unknown;
    try {
      collection = JSON.parse(await chosen.text());
    } catch {
      toast.error(pinsMessages.notGeoJson);
      return;
    }
    try {
      const result = await api.post<GeoJsonImportResult>(url, { collection, preview: true });
      setStaged({ collection, result });
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  const commit = async () => {
    if (!staged) return;
    try {
      const result = await api.post<GeoJsonImportResult>(url, {
        collection: staged.collection,
        preview: false,
      });
      toast.success(pinsMessages.importDone(result.accepted));
      onImported();
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <>
      <button
        type="button"
        className={classes.control}
        aria-label={pinsMessages.exportPins}
        title={pinsMessages.exportPins}
        onClick={() => void download()}
      >
        <IconDownload size={16} aria-hidden />
      </button>
      <button
        type="button"
        className={classes.control}
        aria-label={pinsMessages.importPins}
        title={pinsMessages.importPins}
        onClick={() => file.current?.click()}
      >
        <IconUpload size={16} aria-hidden />
      </button>
      <input
        ref={file}
        type="file"
        hidden
        accept=".geojson,.json,application/geo+json,application/json"
        aria-label={pinsMessages.importFile}
        data-testid="pin-import-file"
        onChange={(e) => {
          const chosen = e.target.files?.[0];
          e.target.value = '';
          if (chosen) void stage(chosen);
        }}
      />
      {staged ? (
        <Suspense fallback={null}>
          <ImportPreview result={staged.result} onImport={commit} onClose={() => setStaged(undefined)} />
        </Suspense>
      ) : null}
    </>
  );
}
