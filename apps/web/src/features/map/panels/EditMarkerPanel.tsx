import { constants } from '@waypoint/shared/constants';
import type { MapMarkerDefinition } from '@waypoint/shared/map/marker-data';
import {
  formFieldOf,
  type MarkerEditValues,
  markerEditPatch,
  markerEditValues,
} from '@waypoint/shared/map/marker-edit';
import type { TPlacedMarker } from '@waypoint/shared/models/types';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/controls.tsx';
import { SafeHtml } from '../../../components/SafeHtml.tsx';
import { editingMessages } from '../../../i18n/messages/editing-messages.ts';
import { ToolPanel } from './ToolPanel.tsx';
import classes from './tool-panel.module.css';

export interface QuestOption {
  _id: string;
  name: string;
  objectives: string[];
}

interface Props {
  /** The marker being edited; undefined while it loads. */
  marker: TPlacedMarker | undefined;
  /** Why the marker cannot be edited (it could not be loaded), shown instead of the form. */
  loadError?: string;
  definitions: readonly MapMarkerDefinition[];
  quests: readonly QuestOption[];
  items: readonly { _id: string; itemName: string }[];
  saving: boolean;
  /** Field errors of the server's answer, by the server's field name (`data.name`). */
  serverErrors?: Record<string, string>;
  /** The checked change (only the fields that differ) and the image addresses. */
  onSave: (patch: Record<string, unknown>, imageUrls: string[]) => void;
  onCancel: () => void;
}

function Field({
  label,
  error,
  hint,
  aside,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  /** A control beside the label (e.g. a preview switch). */
  aside?: ReactNode;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const described = error ? `${id}-error` : undefined;
  return (
    <div className={classes.field}>
      <div className={classes.labelRow}>
        <label htmlFor={id} className={classes.label}>
          {label}
        </label>
        {aside}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hint && !error ? <span className={classes.hint}>{hint}</span> : null}
      {error ? (
        <span id={described} className={classes.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The marker edit panel 'Editing marker' (§2.7): the placed-marker fields a contributor changes. */
export function EditMarkerPanel(props: Props) {
  const { marker } = props;
  return (
    <ToolPanel title={editingMessages.editingMarker} onClose={props.onCancel} testId="edit-marker-panel" side>
      {marker ? (
        <EditForm key={marker._id} {...props} marker={marker} />
      ) : props.loadError ? (
        <p role="alert">{props.loadError}</p>
      ) : (
        <p>{editingMessages.loading}</p>
      )}
    </ToolPanel>
  );
}

function EditForm({
  marker,
  definitions,
  quests,
  items,
  saving,
  serverErrors,
  onSave,
  onCancel,
}: Props & { marker: TPlacedMarker }) {
  const [values, setValues] = useState<MarkerEditValues>(() => markerEditValues(marker));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState(false);
  const m = editingMessages.markerFields;
  const fromServer = Object.fromEntries(
    Object.entries(serverErrors ?? {}).map(([field, message]) => [formFieldOf(field), message]),
  );
  const shown = { ...fromServer, ...errors };
  const set = <K extends keyof MarkerEditValues>(key: K, value: MarkerEditValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const quest = quests.find((q) => q._id === values.questId);
  const objectives = quest?.objectives ?? [];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = markerEditPatch(values, marker);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    if (Object.keys(result.patch).length === 0) {
      setErrors({ form: editingMessages.nothingToSave });
      return;
    }
    setErrors({});
    onSave(result.patch, result.imageUrls);
  };

  return (
    <form onSubmit={submit} noValidate className={classes.body} style={{ padding: 0 }}>
      <Field label={m.name} error={shown.name}>
        {(p) => (
          <input
            {...p}
            className={classes.control}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        )}
      </Field>
      <Field
        label={m.description}
        error={shown.description}
        hint={editingMessages.descriptionHint}
        aside={
          <label className={classes.previewToggle}>
            <input type="checkbox" checked={preview} onChange={(e) => setPreview(e.currentTarget.checked)} />
            {editingMessages.preview}
          </label>
        }
      >
        {(p) =>
          preview ? (
            // Shown as it will be stored: sanitized the same way as every stored HTML field.
            <div className={classes.htmlPreview} data-testid="description-preview">
              <SafeHtml html={values.description} />
            </div>
          ) : (
            <textarea
              {...p}
              className={classes.control}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
            />
          )
        }
      </Field>
      <div className={classes.row}>
        <Field label={m.markerType} error={shown.markerDefinitionId}>
          {(p) => (
            <select
              {...p}
              className={classes.control}
              value={values.markerDefinitionId}
              onChange={(e) => set('markerDefinitionId', e.target.value)}
            >
              {definitions.map((d) => (
                <option key={d._id} value={d._id}>
                  {d.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={m.level} error={shown.level} hint={editingMessages.levelHint}>
          {(p) => (
            <input
              {...p}
              className={classes.control}
              inputMode="numeric"
              placeholder={editingMessages.levelAllFloors}
              value={values.level}
              onChange={(e) => set('level', e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={m.quest} error={shown.questId}>
        {(p) => (
          <select
            {...p}
            className={classes.control}
            value={values.questId}
            onChange={(e) => {
              set('questId', e.target.value);
              set('questObjective', '');
            }}
          >
            <option value="">{editingMessages.noQuest}</option>
            {quests.map((q) => (
              <option key={q._id} value={q._id}>
                {q.name}
              </option>
            ))}
            {values.questId && !quest ? <option value={values.questId}>{values.questId}</option> : null}
          </select>
        )}
      </Field>
      {values.questId ? (
        <Field label={m.questObjective} error={shown.questObjective}>
          {(p) => (
            <select
              {...p}
              className={classes.control}
              value={values.questObjective}
              onChange={(e) => set('questObjective', e.target.value)}
            >
              <option value="">{editingMessages.noObjective}</option>
              {objectives.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
              {values.questObjective && !objectives.includes(values.questObjective) ? (
                <option value={values.questObjective}>{values.questObjective}</option>
              ) : null}
            </select>
          )}
        </Field>
      ) : null}
      <Field label={m.item} error={shown.itemId}>
        {(p) => (
          <select
            {...p}
            className={classes.control}
            value={values.itemId}
            onChange={(e) => set('itemId', e.target.value)}
          >
            <option value="">{editingMessages.noItem}</option>
            {items.map((item) => (
              <option key={item._id} value={item._id}>
                {item.itemName}
              </option>
            ))}
            {values.itemId && !items.some((i) => i._id === values.itemId) ? (
              <option value={values.itemId}>{values.itemId}</option>
            ) : null}
          </select>
        )}
      </Field>
      <fieldset className={classes.images}>
        <legend className={classes.label}>
          {editingMessages.imagesLegend(constants.maxPlacedMarkerImages)}
        </legend>
        {values.imageUrls.map((url, n) => (
          <Field
            // biome-ignore lint/suspicious/noArrayIndexKey: the five image slots are fixed
            key={n}
            label={editingMessages.imageField(n + 1)}
            error={shown[`imageUrls.${n}`]}
          >
            {(p) => (
              <input
                {...p}
                type="url"
                placeholder="https://"
                className={classes.control}
                value={url}
                onChange={(e) => {
                  const next = [...values.imageUrls];
                  next[n] = e.target.value;
                  set('imageUrls', next);
                  setErrors(({ [`imageUrls.${n}`]: _gone, ...rest }) => rest);
                }}
              />
            )}
          </Field>
        ))}
      </fieldset>
      {shown.form ? (
        <span className={classes.error} role="alert">
          {shown.form}
        </span>
      ) : null}
      <div className={classes.actions}>
        <Button type="submit" className={classes.primary} disabled={saving} aria-busy={saving}>
          {editingMessages.save}
        </Button>
        <Button onClick={onCancel}>{editingMessages.cancel}</Button>
      </div>
    </form>
  );
}
