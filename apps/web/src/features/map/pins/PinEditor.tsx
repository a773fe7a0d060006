import {
  MAX_NOTE_LENGTH,
  MAX_PIN_NAME_LENGTH,
  type PinColour,
  pinColourKeys,
  pinColours,
} from '@waypoint/shared/pins/limits';
import type { TPinInput } from '@waypoint/shared/pins/schemas';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/controls.tsx';
import { contentLang } from '../../../i18n/content.ts';
import { pinsMessages } from '../../../i18n/messages/pins-messages.ts';
import classes from './pins.module.css';

export interface PinDraft {
  /** Undefined for a new pin. */
  id?: string;
  fields: TPinInput;
}

interface Props {
  draft: PinDraft;
  onSave: (draft: PinDraft) => void;
  onClose: () => void;
}

/** The form of a new or changed pin, as a modal dialog (Escape or Cancel closes it). */
export function PinEditor({ draft, onSave, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [name, setName] = useState(draft.fields.name);
  const [note, setNote] = useState(draft.fields.note);
  const [colour, setColour] = useState<PinColour>(draft.fields.colour);
  useEffect(() => {
    const el = dialog.current;
    if (el && !el.open) el.showModal();
  }, []);
  const title = draft.id ? pinsMessages.editPin : pinsMessages.newPin;
  return (
    <dialog
      ref={dialog}
      className={classes.editor}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      data-testid="pin-editor"
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          onSave({ id: draft.id, fields: { ...draft.fields, name: name.trim(), note, colour } });
          dialog.current?.close();
        }}
      >
        <h2 id={`${id}-title`} className={classes.editorTitle}>
          {title}
        </h2>
        <label className={classes.field}>
          <span>{pinsMessages.name}</span>
          <input
            value={name}
            lang={contentLang}
            required
            maxLength={MAX_PIN_NAME_LENGTH}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label className={classes.field}>
          <span>{pinsMessages.note}</span>
          <textarea
            value={note}
            lang={contentLang}
            rows={4}
            maxLength={MAX_NOTE_LENGTH}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
        <fieldset className={classes.colours}>
          <legend>{pinsMessages.colour}</legend>
          {pinColourKeys.map((key) => (
            <label key={key} className={classes.colour} title={pinsMessages[pinColours[key].labelKey]}>
              <input
                type="radio"
                name={`${id}-colour`}
                value={key}
                checked={colour === key}
                onChange={() => setColour(key)}
                aria-label={pinsMessages[pinColours[key].labelKey]}
              />
              <span style={{ background: pinColours[key].hex }} />
            </label>
          ))}
        </fieldset>
        <p className={classes.hint}>{pinsMessages.noteHint}</p>
        <div className={classes.actions}>
          <Button variant="subtle" onClick={() => dialog.current?.close()}>
            {pinsMessages.cancel}
          </Button>
          <Button type="submit">{pinsMessages.save}</Button>
        </div>
      </form>
    </dialog>
  );
}
