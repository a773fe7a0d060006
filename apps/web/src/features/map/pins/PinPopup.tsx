import type { TPin } from '@waypoint/shared/pins/schemas';
import { useId, useState } from 'react';
import { Button } from '../../../components/controls.tsx';
import { contentLang } from '../../../i18n/content.ts';
import { pinsMessages } from '../../../i18n/messages/pins-messages.ts';
import classes from './pins.module.css';

interface Props {
  pin: TPin;
  onEdit: () => void;
  onDelete: () => void;
  /** The marker types a pin can be suggested as, and how to suggest it as one. */
  definitions: readonly { _id: string; name: string }[];
  onSuggest: (markerDefinitionId: string) => Promise<unknown>;
}

/** A pin's popup: its name and note as plain text, and what its owner can do with it. */
export function PinPopup({ pin, onEdit, onDelete, definitions, onSuggest }: Props) {
  const [definition, setDefinition] = useState(definitions[0]?._id ?? '');
  const [sending, setSending] = useState(false);
  const id = useId();
  return (
    <div className={classes.popup} data-testid="pin-popup">
      <div className={classes.popupKind}>{pinsMessages.pinKind}</div>
      <h3 className={classes.popupName} lang={contentLang}>
        {pin.name}
      </h3>
      {pin.note ? (
        <p className={classes.popupNote} lang={contentLang}>
          {pin.note}
        </p>
      ) : null}
      <div className={classes.actions}>
        <Button variant="light" onClick={onEdit}>
          {pinsMessages.editPin}
        </Button>
        <Button variant="subtle" onClick={onDelete}>
          {pinsMessages.delete}
        </Button>
      </div>
      {definitions.length > 0 ? (
        <form
          className={classes.suggest}
          onSubmit={(e) => {
            e.preventDefault();
            setSending(true);
            void onSuggest(definition).finally(() => setSending(false));
          }}
        >
          <label htmlFor={id} className={classes.popupKind}>
            {pinsMessages.chooseDefinition}
          </label>
          <select
            id={id}
            value={definition}
            onChange={(e) => setDefinition(e.target.value)}
            lang={contentLang}
          >
            {definitions.map((d) => (
              <option key={d._id} value={d._id}>
                {d.name}
              </option>
            ))}
          </select>
          <Button type="submit" variant="light" disabled={sending || !definition}>
            {pinsMessages.turnIntoSuggestion}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
