import {
  Checkbox,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  PasswordInput,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { constants } from '@waypoint/shared/constants';
import { type AdminField, type AdminFormValues, editableField } from '@waypoint/shared/models/admin-view';
import { useState } from 'react';
import { useCategories, useMaps } from '../../api/queries.ts';
import { GrowingTextarea } from '../../components/GrowingTextarea.tsx';
import { SafeHtml } from '../../components/SafeHtml.tsx';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { fieldLabel } from '../../i18n/models.ts';
import classes from './admin.module.css';

interface Props {
  /** The registry key of the record's model (its field names are read from the catalogs). */
  model: string;
  field: AdminField;
  form: UseFormReturnType<AdminFormValues>;
  /** Prefix of the input ids, so that two forms on one page do not share ids. */
  idPrefix: string;
  /** Create mode: the id may be typed; edit mode keeps it. */
  creating: boolean;
}

const hexColour = /^#[0-9a-fA-F]{3,8}$/;

function HtmlField({ field, form, common }: Props & { common: Record<string, unknown> & { id: string } }) {
  const [preview, setPreview] = useState(false);
  const value = String(form.getValues()[field.name] ?? '');
  return (
    <Stack gap={4} style={{ gridColumn: '1 / -1' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text component="label" htmlFor={common.id} size="sm" fw={500}>
          {common.label as string}
        </Text>
        <Switch
          size="xs"
          label={t.preview}
          checked={preview}
          onChange={(e) => setPreview(e.currentTarget.checked)}
          aria-label={t.previewField(common.label as string)}
        />
      </Group>
      {preview ? (
        <div className={classes.htmlPreview} data-testid={`preview-${field.name}`}>
          <SafeHtml html={value} />
        </div>
      ) : (
        <GrowingTextarea
          {...common}
          label={undefined}
          {...form.getInputProps(field.name)}
          minRows={3}
          maxRows={12}
        />
      )}
    </Stack>
  );
}

function selectData(options: readonly { value: string; label: string }[], value: unknown) {
  const known = options.some((o) => o.value === value);
  const extra = !known && typeof value === 'string' && value ? [{ value, label: value }] : [];
  return [{ value: '', label: '—' }, ...extra, ...options];
}

function RecordSelect({ field, form, common }: Props & { common: Record<string, unknown> }) {
  const values = form.getValues();
  const gameId = String(values.gameId ?? '');
  const categories = useCategories(field.form === 'category_select' ? gameId || undefined : undefined);
  const maps = useMaps(field.form === 'map_select' ? gameId || undefined : undefined);
  const list = field.form === 'category_select' ? categories.data : maps.data;
  const options = (list ?? []).map((r) => ({ value: r._id, label: r.name }));
  return (
    <NativeSelect
      {...common}
      {...form.getInputProps(field.name)}
      data={selectData(options, values[field.name])}
    />
  );
}

/** One input of the generic admin form, chosen by the field's form type (§2.13). */
export function FieldInput(props: Props) {
  const { model, field, form, idPrefix, creating } = props;
  const value = form.getValues()[field.name];
  const disabled = !editableField(field) || field.form === 'parent_id';
  const common = {
    id: `${idPrefix}-${field.name}`,
    label: fieldLabel(model, field.name),
    required: field.required || field.form === 'parent_id',
    disabled,
    description: field.references
      ? t.idOf(field.references)
      : field.name === '_id' && !creating
        ? t.duplicateHint
        : undefined,
  };
  switch (field.form) {
    case 'boolean':
      return (
        <Checkbox
          {...common}
          description={undefined}
          {...form.getInputProps(field.name, { type: 'checkbox' })}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          {...form.getInputProps(field.name)}
          allowDecimal={field.storage !== 'integer'}
        />
      );
    case 'email':
      return <TextInput {...common} type="email" {...form.getInputProps(field.name)} />;
    case 'password':
      return <PasswordInput {...common} {...form.getInputProps(field.name)} />;
    case 'html':
      return <HtmlField {...props} common={common} />;
    case 'colour':
      return (
        <TextInput
          {...common}
          {...form.getInputProps(field.name)}
          placeholder="#ff8800"
          translate="no"
          spellCheck={false}
          autoComplete="off"
          leftSection={
            <span
              className={classes.swatch}
              aria-hidden="true"
              style={typeof value === 'string' && hexColour.test(value) ? { background: value } : undefined}
            />
          }
        />
      );
    case 'category_select':
    case 'map_select':
      return <RecordSelect {...props} common={common} />;
    case 'marker_definition_type_select':
    case 'background_shape_select':
      return (
        <NativeSelect
          {...common}
          {...form.getInputProps(field.name)}
          data={(field.options ?? []).map((o) => ({ value: o, label: o }))}
        />
      );
    case 'additional_features':
      return (
        <MultiSelect
          {...common}
          {...form.getInputProps(field.name)}
          data={field.options ?? []}
          clearable
          comboboxProps={{ zIndex: 1000 }}
          maxDropdownHeight={constants.dropdownMaxHeightPx}
        />
      );
    case 'tag_list':
    case 'model_list':
      return (
        <TagsInput
          {...common}
          {...form.getInputProps(field.name)}
          clearable
          comboboxProps={{ zIndex: 1000 }}
          description={field.form === 'model_list' ? t.idsPerTag : t.enterPerEntry}
        />
      );
    case 'json':
      return (
        <GrowingTextarea
          {...common}
          {...form.getInputProps(field.name)}
          minRows={2}
          maxRows={12}
          inputClassName={classes.mono}
        />
      );
    default: {
      if (field.options) {
        return (
          <NativeSelect
            {...common}
            {...form.getInputProps(field.name)}
            data={field.options.map((o) => ({ value: o, label: o }))}
          />
        );
      }
      // Text longer than 15 characters is edited in a textarea (§9); decided by the value the form
      // opened with, so that the input does not change under the cursor while typing.
      const text = String(form.getInitialValues()[field.name] ?? '');
      if (text.length > constants.textareaAboveChars && field.name !== '_id') {
        return <GrowingTextarea {...common} {...form.getInputProps(field.name)} minRows={1} maxRows={8} />;
      }
      return <TextInput {...common} {...form.getInputProps(field.name)} autoComplete="off" />;
    }
  }
}
