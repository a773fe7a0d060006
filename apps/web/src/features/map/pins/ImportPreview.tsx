import type { GeoJsonImportResult } from '@waypoint/shared/pins/geojson';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { contentLang } from '../../../i18n/content.ts';
import { pinsMessages } from '../../../i18n/messages/pins-messages.ts';
import classes from './pins.module.css';

interface Props {
  result: GeoJsonImportResult;
  onImport: () => Promise<void>;
  onClose: () => void;
}

/** What an import adds and which features it refuses, and why, before anything is written. */
export function ImportPreview({ result, onImport, onClose }: Props) {
  return (
    <ConfirmDialog
      title={pinsMessages.importTitle}
      cancelLabel={pinsMessages.cancel}
      confirmLabel={pinsMessages.importAction}
      confirmDisabled={result.accepted === 0}
      onConfirm={(close) => void onImport().then(close)}
      onClose={onClose}
      testId="pin-import-preview"
      classNames={{ dialog: classes.editor, title: classes.editorTitle }}
    >
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
    </ConfirmDialog>
  );
}
