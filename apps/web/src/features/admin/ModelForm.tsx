import { Alert, Button, Group, SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import {
  type AdminFormValues,
  type AdminModel,
  adminFormBody,
  adminFormValues,
  formFieldOfError,
} from '@waypoint/shared/models/admin-view';
import { type FormEvent, useState } from 'react';
import { HttpError } from '../../api/client.ts';
import { toast } from '../../components/toast.ts';
import { adminMessages as t } from '../../i18n/messages/admin-messages.ts';
import { editingMessages } from '../../i18n/messages/editing-messages.ts';
import { messages } from '../../i18n/messages/messages.ts';
import { type AdminRecord, adminApi, useRefreshModel } from './api.ts';
import { FieldInput } from './FieldInput.tsx';

interface Props {
  model: AdminModel;
  /** The stored record (edit mode), or null to create one (create mode, §4). */
  record: AdminRecord | null;
  /** Values a new record starts with (e.g. its parent id). */
  preset?: Record<string, unknown>;
  idPrefix: string;
  onSaved?: (record: AdminRecord) => void;
  /** Reports the form's values as they change (inline rows keep them for Save all). */
  onChange?: (values: AdminFormValues) => void;
}

/** Puts the server's 400 field problems beside their fields; answers whether any was shown. */
export function showServerErrors(
  form: { setFieldError: (field: string, error: string) => void },
  model: AdminModel,
  error: unknown,
): string | undefined {
  if (!(error instanceof HttpError)) return messages.genericError;
  let shown = false;
  for (const problem of error.body?.errors ?? []) {
    const name = formFieldOfError(problem.field);
    if (model.fields.some((f) => f.name === name)) {
      form.setFieldError(name, problem.message);
      shown = true;
    }
  }
  return shown ? undefined : (error.body?.message ?? messages.genericError);
}

/**
 * The generic form of any registry model: one input per field by its form type; Submit creates in
 * create mode, Edit sends the changed fields in edit mode. Problems the server names show on their
 * fields.
 */
export function ModelForm({ model, record, preset, idPrefix, onSaved, onChange }: Props) {
  const creating = !record;
  const form = useForm<AdminFormValues>({
    mode: 'controlled',
    initialValues: adminFormValues(model, record, preset),
    onValuesChange: onChange,
  });
  const [general, setGeneral] = useState<string>();
  const refresh = useRefreshModel();
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      record ? adminApi.update(model.key, record._id, body) : adminApi.create(model.key, body),
    onSuccess: async (saved) => {
      toast.success(messages.editSuccess);
      form.resetDirty(adminFormValues(model, saved));
      await refresh(model.key);
      if (model.parent) await refresh(model.parent.model);
      onSaved?.(saved);
    },
    onError: (error) => {
      toast.error(messages.editError);
      setGeneral(showServerErrors(form, model, error));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGeneral(undefined);
    form.clearErrors();
    const { body, errors } = adminFormBody(model, form.getValues(), record);
    if (Object.keys(errors).length > 0) {
      // Only JSON text that does not parse is refused here.
      form.setErrors(Object.fromEntries(Object.keys(errors).map((name) => [name, t.notValidJson])));
      return;
    }
    if (record && Object.keys(body).length === 0) {
      setGeneral(editingMessages.nothingToSave);
      return;
    }
    save.mutate(body);
  };

  return (
    <form onSubmit={submit} noValidate data-testid={`form-${idPrefix}`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        {model.fields.map((field) => (
          <FieldInput
            key={field.name}
            model={model.key}
            field={field}
            form={form}
            idPrefix={idPrefix}
            creating={creating}
          />
        ))}
      </SimpleGrid>
      {general ? (
        <Alert color="red" variant="light" mt="sm" role="alert">
          {general}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={save.isPending}>
          {creating ? t.submit : t.edit}
        </Button>
      </Group>
    </form>
  );
}
