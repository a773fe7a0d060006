import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  NativeSelect,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { constants } from '@waypoint/shared/constants';
import {
  type AdminFormValues,
  type AdminModel,
  adminFormBody,
  adminFormValues,
  bulkRecordId,
  editableField,
  nameFromFileName,
} from '@waypoint/shared/models/admin-view';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { toast } from '../../components/toast.ts';
import { contentLang } from '../../i18n/content.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { modelLabel, modelPlural } from '../../i18n/models.ts';
import { type AdminRecord, adminApi } from './api.ts';
import { FieldInput } from './FieldInput.tsx';
import { pictureFieldOf, processPicture, uploadImage } from './images.ts';

interface Props {
  model: AdminModel;
  parent: { model: AdminModel; id: string };
  linkField: string;
  models: AdminModel[];
  onClose: () => void;
  onDone: () => Promise<unknown>;
}

type FileState = {
  name: string;
  id: string;
  state: 'waiting' | 'creating' | 'uploading' | 'done' | 'failed';
  error?: string;
};

/**
 * Bulk add (§2.13): one record per file, named from the file name with id = parent id + file name,
 * sharing the values of one form; each record's image is uploaded after it is created, and a record
 * whose image fails is removed again, so that nothing is left half-created.
 */
export function BulkAddModal({ model, parent, linkField, onClose, onDone }: Props) {
  const phone = useMediaQuery(`(max-width: ${constants.mobileMaxWidthPx}px)`);
  const [files, setFiles] = useState<File[]>([]);
  const [imageField, setImageField] = useState(model.imageFields[0] ?? '');
  const [states, setStates] = useState<FileState[]>([]);
  const [running, setRunning] = useState(false);
  const shared = model.fields.filter(
    (f) => editableField(f) && f.name !== '_id' && f.name !== linkField && f.name !== 'name',
  );
  const form = useForm<AdminFormValues>({
    mode: 'controlled',
    initialValues: adminFormValues(model, null, { [linkField]: parent.id }),
  });
  const nameField = model.fields.find(
    (f) => f.name === 'name' || f.name === 'itemName' || f.name === 'moduleTitle',
  );

  const update = (i: number, change: Partial<FileState>) =>
    setStates((all) => all.map((s, j) => (j === i ? { ...s, ...change } : s)));

  const start = async () => {
    const initial = files.map((file) => ({
      name: file.name,
      id: bulkRecordId(parent.id, file.name),
      state: 'waiting' as const,
    }));
    setStates(initial);
    setRunning(true);
    const { body } = adminFormBody(model, form.getValues(), null);
    let failures = 0;
    const created: string[] = [];
    for (const [i, file] of files.entries()) {
      const id = initial[i]!.id;
      update(i, { state: 'creating' });
      const record = { ...body, _id: id, [linkField]: parent.id };
      if (nameField) record[nameField.name] = nameFromFileName(file.name);
      try {
        await adminApi.create(model.key, record);
      } catch (error) {
        failures++;
        update(i, { state: 'failed', error: (error as Error).message });
        continue;
      }
      update(i, { state: 'uploading' });
      try {
        await uploadImage(model.key, id, imageField, file, file.name);
        // A map's or a floor's picture is cut into tiles as its own upload in its page would be.
        if ((model.key === 'map' || model.key === 'maplevel') && imageField === pictureFieldOf[model.key])
          await processPicture(model.key, { ...record, _id: id, gameId: record.gameId ?? parent.id });
        update(i, { state: 'done' });
        created.push(id);
      } catch (error) {
        failures++;
        // The record without its image is removed: nothing is left half-created.
        await adminApi.remove(model.key, id).catch(() => undefined);
        update(i, { state: 'failed', error: (error as Error).message });
      }
    }
    setRunning(false);
    // Only the files that failed stay chosen (to try again); with none left the dialog closes.
    setFiles((chosen) => chosen.filter((_, i) => !created.includes(initial[i]!.id)));
    toast[failures === 0 ? 'success' : 'error'](failures === 0 ? t.bulkAddSuccess : t.bulkAddFailure);
    await onDone();
    if (created.length > 0) {
      // The parent's child list now names the new records.
      const child = parent.model.children.find((c) => c.model === model.key);
      try {
        const fresh = await api.get<AdminRecord>(`/${parent.model.key}/${encodeURIComponent(parent.id)}`);
        const ids = child ? ((fresh[child.as] as string[] | undefined) ?? []) : created;
        toast[created.every((id) => ids.includes(id)) ? 'success' : 'error'](
          created.every((id) => ids.includes(id)) ? t.parentUpdateSuccess : t.parentUpdateFailure,
        );
      } catch {
        toast.error(t.parentUpdateFailure);
      }
    }
    if (failures === 0) onClose();
  };

  const done = states.filter((s) => s.state === 'done' || s.state === 'failed').length;
  const failed = states.filter((s) => s.state === 'failed');

  return (
    <Modal
      opened
      onClose={onClose}
      title={t.bulkAddTitle(modelPlural(model), modelLabel(parent.model), parent.id)}
      size="xl"
      fullScreen={Boolean(phone)}
      zIndex={700}
      closeButtonProps={{ 'aria-label': messages.close }}
    >
      <Stack gap="sm">
        <FileInput label={t.files} multiple accept="image/*" value={files} onChange={setFiles} clearable />
        <NativeSelect
          label={t.imageField}
          value={imageField}
          onChange={(e) => setImageField(e.currentTarget.value)}
          data={model.imageFields}
        />
        <Text fw={600} size="sm">
          {t.sharedValues}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {shared.map((field) => (
            <FieldInput
              key={field.name}
              model={model.key}
              field={field}
              form={form}
              idPrefix="bulk"
              creating
            />
          ))}
        </SimpleGrid>
        {states.length > 0 ? (
          <Stack gap={4} data-testid="bulk-progress">
            <Progress value={(done / states.length) * 100} aria-label={t.bulkAddProgress} />
            <List size="sm" spacing={2}>
              {states.map((s) => (
                <List.Item key={s.id}>
                  <span lang={contentLang}>
                    {s.name} → {s.id}
                  </span>
                  : {t.fileStates[s.state]}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        {!running && failed.length > 0 ? (
          <Alert
            color="red"
            variant="light"
            title={t.failedOf(failed.length, states.length)}
            data-testid="bulk-failures"
          >
            {failed.map((f) => (
              <div key={f.id}>
                <span lang={contentLang}>{f.name}</span>: {f.error}
              </div>
            ))}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.done}
          </Button>
          <Button onClick={start} loading={running} disabled={files.length === 0 || !imageField}>
            {t.addRecords(files.length, modelPlural(model))}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
