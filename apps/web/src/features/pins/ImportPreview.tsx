import type { GeoJsonImportResult } from '@waypoint/shared/pins/geojson';
import { useEffect, useId, useRef } from 'react';
import { contentLang } from '../../i18n/content.ts';
import { pinsMessages } from '../../i18n/messages/pins-messages.ts';
import { Button } from '../map/controls.tsx';
import classes from './pins.module.css';

interface Props {
  result: GeoJsonImportResult;
  onImport: () => Promise<void>;
  onClose: () => void;
}

/** What an import adds and which features it refuses, and why, before anything is written. */
export function ImportPreview({ result, onImport, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className={classes.editor}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      data-testid="pin-import-preview"
    >
      <h2 id={`${id}-title`} className={classes.editorTitle}>
        {pinsMessages.importTitle}
      </h2>
      <p>{result.accepted > 0 ? pinsMessages.importReady(result.accepted) : pinsMessages.importNone}</p>
      {result.names.length > 0 ? (
        <ul className={classes.previewList} lang={contentLang}>
          {result.names.slice(0, 10).map((name, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: names repeat; the list is fixed
            <li key={i}>{name}</li>
          ))}
          {result.accepted > 10 ? <li aria-hidden>…</li> : null}
        </ul>
      ) : null}
      {result.refused.length > 0 ? (
        <>
          <h3 className={classes.previewHeading}>{pinsMessages.importRefusedTitle(result.refused.length)}</h3>
          <ul className={classes.previewList} data-testid="pin-import-refused">
            {result.refused.slice(0, 200).map((r) => (
              <li key={`${r.index}-${r.field}`}>{pinsMessages.refusedAt(r.index, r.field, r.message)}</li>
            ))}
          </ul>
        </>
      ) : null}
      <div className={classes.actions}>
        <Button variant="subtle" onClick={() => dialog.current?.close()}>
          {pinsMessages.cancel}
        </Button>
        <Button
          disabled={result.accepted === 0}
          onClick={() => void onImport().then(() => dialog.current?.close())}
        >
          {pinsMessages.importAction}
        </Button>
      </div>
    </dialog>
  );
}
