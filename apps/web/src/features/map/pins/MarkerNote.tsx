import { MAX_NOTE_LENGTH } from '@waypoint/shared/pins/limits';
import { useId, useState } from 'react';
import { Button } from '../../../components/controls.tsx';
import { contentLang } from '../../../i18n/content.ts';
import { pinsMessages } from '../../../i18n/messages/pins-messages.ts';
import classes from './pins.module.css';

interface Props {
  note: string;
  onSave: (note: string) => void;
  onLayout: () => void;
}

/** The player's private note on a placed marker, in its popup: shown, and edited in place. */
export function MarkerNote({ note, onSave, onLayout }: Props) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note);
  const id = useId();
  // The click that swaps the view must not go on to the map: its button is gone by then, so Leaflet
  // would not know it came from the popup and would close it.
  const toggle = (e: React.MouseEvent, on: boolean) => {
    e.stopPropagation();
    setEditing(on);
    setText(note);
    requestAnimationFrame(onLayout);
  };
  if (!editing) {
    return (
      <div className={classes.markerNote} data-testid="marker-note">
        {note ? (
          <>
            <div className={classes.popupKind}>{pinsMessages.myNote}</div>
            <p className={classes.popupNote} lang={contentLang}>
              {note}
            </p>
          </>
        ) : null}
        <Button variant="subtle" onClick={(e) => toggle(e, true)}>
          {note ? pinsMessages.editNote : pinsMessages.addNote}
        </Button>
      </div>
    );
  }
  return (
    <form
      className={classes.markerNote}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(text.trim() ? text : '');
        setEditing(false);
        requestAnimationFrame(onLayout);
      }}
    >
      <label htmlFor={id} className={classes.popupKind}>
        {pinsMessages.myNote}
      </label>
      <textarea
        id={id}
        className={classes.noteInput}
        value={text}
        lang={contentLang}
        rows={3}
        maxLength={MAX_NOTE_LENGTH}
        // biome-ignore lint/a11y/noAutofocus: the player asked to write the note
        autoFocus
        onChange={(e) => setText(e.target.value)}
      />
      <div className={classes.actions}>
        <Button variant="subtle" onClick={(e) => toggle(e, false)}>
          {pinsMessages.cancel}
        </Button>
        <Button type="submit">{pinsMessages.save}</Button>
      </div>
    </form>
  );
}
